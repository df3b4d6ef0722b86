import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What a mutation changes: a key family (`resources.properties`, or a feature's own), or a key
 * worked out from the mutation's input (one property's page), or null when this call changes
 * nothing more there.
 */
export type Change<Input> = QueryKey | ((input: Input) => QueryKey | null);

/**
 * Every query on the page: what a change names when all it has read may now read differently, as
 * when it may open a new session (a passkey prompt's sign-in on the way). Here rather than in
 * api/query-keys, so the crew page's account settings do not load that module for it.
 */
export const everyQuery: QueryKey = [];

export interface RefreshingMutation<Input, Result> {
  mutationFn: (input: Input) => Promise<Result>;
  /** Every resource the mutation changes, so that every screen showing one of them reads it again. */
  changes: readonly Change<Input>[];
}

/**
 * A mutation that names what it changes: once it succeeds, the queries under each of `changes`
 * are marked stale, so the screens showing them, in any feature, read them again.
 */
export function useRefreshingMutation<Input, Result>({ mutationFn, changes }: RefreshingMutation<Input, Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) =>
      Promise.all(
        changes
          .map((change) => (typeof change === 'function' ? change(input) : change))
          .filter((key): key is QueryKey => key !== null)
          .map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

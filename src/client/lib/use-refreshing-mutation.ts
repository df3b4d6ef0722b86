import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that marks the queries under `queryKey` (and under each of `alsoKeys`) stale once it
 * succeeds, so the screens showing them read them again.
 */
export function useRefreshingMutation<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  queryKey: QueryKey | ((input: Input) => QueryKey),
  alsoKeys: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) =>
      Promise.all(
        [typeof queryKey === 'function' ? queryKey(input) : queryKey, ...alsoKeys].map((key) =>
          queryClient.invalidateQueries({ queryKey: key }),
        ),
      ),
  });
}

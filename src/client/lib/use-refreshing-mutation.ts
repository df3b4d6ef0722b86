import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A mutation that marks the queries under `queryKey` stale once it succeeds, so the screens showing them read them again. */
export function useRefreshingMutation<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  queryKey: QueryKey | ((input: Input) => QueryKey),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: typeof queryKey === 'function' ? queryKey(input) : queryKey }),
  });
}

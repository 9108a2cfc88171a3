// A mutation of an administration screen: once it succeeds, the lists it changed are read again
// before the mutation counts as done, so a closing dialog reveals the new state.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export function useAdminMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>, invalidates: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

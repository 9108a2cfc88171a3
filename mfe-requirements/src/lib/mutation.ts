// A mutation of the analysis screens: on success every query of the process is read again (gaps,
// risks, dashboard counters and reports all depend on each other).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KEYS } from './graph';

export function useAnalysisMutation<TInput, TOutput>(graph: string, run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.all(graph) }),
  });
}

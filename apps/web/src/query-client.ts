import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './shared/api/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A non-zero status or HTTP error was already reported by the client; retry only network failures once.
      retry: (count, error) => error instanceof ApiError && error.kind === 'network' && count < 1,
    },
  },
});

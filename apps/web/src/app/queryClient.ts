import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/index.ts';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not glitches: retrying them only delays the screen that explains them. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isBadRequest) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's query cache; logout clears it so that the next user starts clean. */
export const queryClient = createQueryClient();

import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../ui/ErrorScreen.tsx';

/**
 * Success and failure toasts for one mutation call: `mutate(input, toastsFor('Company created'))`. The failure
 * toast carries the server's own message (ApiError.message), which says what to fix.
 */
export function toastsFor(successMessage: string, onSuccess?: () => void) {
  return {
    onSuccess: () => {
      notify({ kind: 'success', message: successMessage });
      onSuccess?.();
    },
    onError: (error: unknown) => notify({ kind: 'danger', message: errorMessage(error) }),
  };
}

/**
 * For forms that await a mutation: toasts the failure and rethrows, so that the form also shows the server's
 * message next to its fields.
 */
export function failWithToast(error: unknown): never {
  notify({ kind: 'danger', message: errorMessage(error) });
  throw error;
}

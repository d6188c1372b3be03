import { notifications } from '@mantine/notifications';
import { TOAST_ALERT_MS, TOAST_NOTIFICATION_MS } from '@kelvin/domain';

export type NotificationKind = 'danger' | 'success';

const kindColor: Record<NotificationKind, string> = { danger: 'red', success: 'green' };

/** Spec: a toast alert auto-hides after 6 s; other short notices (copied e-mail: 2 s) pass their own time. */
export function showAlert(message: string, autoCloseMs: number = TOAST_ALERT_MS): string {
  return notifications.show({ message, autoClose: autoCloseMs, color: 'blue' });
}

/** Spec: notification toasts (danger or success) show for 3 s at the top. */
export function notify({ kind, message }: { kind: NotificationKind; message: string }): string {
  return notifications.show({
    message,
    color: kindColor[kind],
    autoClose: TOAST_NOTIFICATION_MS,
    position: 'top-center',
    'data-kind': kind,
  });
}

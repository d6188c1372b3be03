import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { notify } from '../../../app/toasts/toasts.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';

/** What a running export says about itself: how far (0 to 1, or null while it cannot tell) and what it does. */
export interface ExportStep {
  fraction: number | null;
  text: string;
}

export type ReportProgress = (step: ExportStep) => void;

/** A new step shows at most this often: a zip reports every chunk, and each update re-renders the notice. */
const UPDATE_EVERY_MS = 150;

let nextId = 0;

function ProgressBody({ step, onCancel }: { step: ExportStep; onCancel: () => void }) {
  const percent = step.fraction === null ? 100 : Math.round(step.fraction * 100);
  return (
    <Stack gap={6}>
      <Text size="sm">{step.text}</Text>
      <Group gap="xs" wrap="nowrap">
        <Progress
          value={percent}
          animated={step.fraction === null}
          style={{ flex: 1 }}
          aria-label="Export progress"
          aria-valuetext={step.fraction === null ? step.text : `${percent}%`}
        />
        <Button size="compact-xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Runs a long export under a notice with a progress bar and Cancel (spec: every long action shows progress). The
 * task gets a reporter and a signal that Cancel aborts. Resolves to the task's answer, or null when cancelled; a
 * failure is shown in a danger toast and resolves to null as well, so callers only handle what succeeded.
 */
export async function runWithProgress<T>(
  title: string,
  task: (report: ReportProgress, signal: AbortSignal) => Promise<T>,
): Promise<T | null> {
  const controller = new AbortController();
  const id = `form-export-${(nextId += 1)}`;
  const cancel = () => controller.abort();
  const message = (step: ExportStep) => <ProgressBody step={step} onCancel={cancel} />;
  notifications.show({
    id,
    title,
    message: message({ fraction: null, text: 'Starting…' }),
    autoClose: false,
    withCloseButton: false,
    loading: false,
  });
  let shownAt = 0;
  const report: ReportProgress = (step) => {
    const now = Date.now();
    if (now - shownAt < UPDATE_EVERY_MS && step.fraction !== 1) return;
    shownAt = now;
    notifications.update({ id, title, message: message(step), autoClose: false, withCloseButton: false });
  };
  try {
    return await task(report, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) return null;
    notify({ kind: 'danger', message: `${title} failed: ${errorMessage(error)}` });
    return null;
  } finally {
    notifications.hide(id);
  }
}

import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Metric } from '@kelvin/contract';
import { formatMetricValueWithUnits, type FormElement, type TypedFormValue } from '@kelvin/domain';
import { userUnitsProfile } from '../../../shared/preferences/displayPreferences.ts';
import { formatTime } from '../../../shared/formatting/dateTime.ts';
import { useLiveValue, type LiveValueStore } from '../../live/liveValueStore.ts';

/** An element bound to one of the unit's metrics (options.metricAlias) and where its live value comes from. */
export interface MetricBinding {
  live: LiveValueStore;
  /** `{assetId}/{metricId}`; null when the unit reports no metric of this alias. */
  path: string | null;
  metric: Metric | undefined;
  timeZone: string;
}

/** The reading as the element's value: a number with the time it was taken, a text as shown, a boolean as is. */
export function capturedValue(
  element: FormElement,
  reading: number | string | boolean,
  text: string,
  timestamp: number,
): TypedFormValue | null {
  switch (element.type) {
    case 'number':
      return typeof reading === 'number'
        ? { type: 'number', value: reading, capturedAt: new Date(timestamp).toISOString() }
        : null;
    case 'text':
      return { type: 'text', value: text };
    case 'boolean':
      return typeof reading === 'boolean' ? { type: 'boolean', value: reading } : null;
    default:
      return null;
  }
}

/**
 * The unit's live value of the element's metric, formatted by the one value formatter (precision, units), and a
 * 'Capture' button that puts it in the field with the time it was read: the checklist filled from the unit itself.
 */
export function MetricReading({
  element,
  binding,
  onCapture,
}: {
  element: FormElement;
  binding: MetricBinding;
  /** Absent in read-only mode: the reading is shown, nothing is captured. */
  onCapture: ((value: TypedFormValue) => void) | undefined;
}) {
  if (binding.path === null) {
    return (
      <Text size="xs" c="dimmed">
        This unit reports no {element.formElementDefOptions.metricAlias ?? 'metric'} value.
      </Text>
    );
  }
  return <LiveReading element={element} binding={binding} path={binding.path} onCapture={onCapture} />;
}

function LiveReading({
  element,
  binding,
  path,
  onCapture,
}: {
  element: FormElement;
  binding: MetricBinding;
  path: string;
  onCapture: ((value: TypedFormValue) => void) | undefined;
}) {
  const update = useLiveValue(binding.live, path);
  const units = update?.units ?? binding.metric?.units ?? null;
  const text = formatMetricValueWithUnits(binding.metric, update?.value, units, userUnitsProfile());
  const reading = update?.value ?? null;
  const captured =
    update && reading !== null ? capturedValue(element, reading, text, update.timestamp) : null;
  return (
    <Group gap="xs" wrap="nowrap" aria-live="off">
      <Text size="xs" c="dimmed">
        Unit reads{' '}
        <Text span size="xs" fw={600} c="var(--mantine-color-text)" data-testid="live-reading">
          {text}
        </Text>
        {update ? ` at ${formatTime(update.timestamp, binding.timeZone)}` : ''}
      </Text>
      {onCapture && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconDownload size={12} aria-hidden />}
          disabled={captured === null}
          onClick={() => {
            if (captured) onCapture(captured);
          }}
          aria-label={`Capture ${element.label} from the unit`}
        >
          Capture
        </Button>
      )}
    </Group>
  );
}

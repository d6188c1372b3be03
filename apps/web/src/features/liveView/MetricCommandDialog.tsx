import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Metric, type MetricCommandAction, type MetricValueStateUpdate } from '@kelvin/contract';
import { commandValueProblem, formatMetricValueWithUnits, type CommandValue } from '@kelvin/domain';
import { serverFieldErrors } from '../../shared/api/serverFieldErrors.ts';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { useCreateMetricCommand } from './commandsQueries.ts';

/** How long an override may hold, as operators pick it. */
const DURATIONS = [
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '120', label: '2 hours' },
  { value: '240', label: '4 hours' },
  { value: '480', label: '8 hours' },
  { value: '1440', label: '24 hours' },
];

export interface MetricCommandDialogProps {
  assetId: number;
  metric: Metric;
  current: MetricValueStateUpdate | undefined;
  timeZone: string;
  onClose: () => void;
}

type Draft = string | number | boolean | null;

function draftToValue(metric: Metric, draft: Draft): CommandValue | null {
  if (draft === null || draft === '') return null;
  if (metric.valueType === 'enum') return Number(draft);
  return draft;
}

function initialDraft(metric: Metric, current: MetricValueStateUpdate | undefined): Draft {
  const value = current?.value ?? null;
  if (metric.valueType === 'enum') return value === null ? null : String(value);
  return value;
}

/**
 * Set or override one metric of a unit: the current value, the new one checked against the metric's type and
 * enum, for an override how long it holds, and why (kept in the audit trail). The command then waits for the
 * unit's agent; the commands list shows how it went.
 */
export function MetricCommandDialog({
  assetId,
  metric,
  current,
  timeZone,
  onClose,
}: MetricCommandDialogProps) {
  const actions = metric.actionsPermitted;
  const [action, setAction] = useState<MetricCommandAction>(actions[0] ?? 'set');
  const [draft, setDraft] = useState<Draft>(() => initialDraft(metric, current));
  const [duration, setDuration] = useState<string | null>('30');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<
    Partial<Record<'value' | 'reason' | 'durationMinutes' | 'form', string>>
  >({});
  const create = useCreateMetricCommand(assetId);

  function submit() {
    const value = draftToValue(metric, draft);
    const problems: typeof errors = {};
    if (value === null) problems.value = 'Enter the new value.';
    else {
      const problem = commandValueProblem(metric, value);
      if (problem) problems.value = problem;
    }
    if (reason.trim() === '') problems.reason = 'Say why';
    if (action === 'override' && duration === null)
      problems.durationMinutes = 'Say how long the override lasts.';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || value === null) return;
    create.mutate(
      {
        assetId,
        metricId: metric.metricId,
        action,
        value,
        reason: reason.trim(),
        ...(action === 'override' ? { durationMinutes: Number(duration) } : {}),
      },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: `${metric.name}: sent to the unit, waiting for its agent.` });
          onClose();
        },
        onError: (error) => setErrors(serverErrors(error)),
      },
    );
  }

  const verb = action === 'set' ? 'Set' : 'Override';
  return (
    <Modal opened onClose={onClose} title={`${verb} ${metric.name}`} size="md">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Text size="sm" c="dimmed">
            Current value
          </Text>
          <Text fw={600} ff="monospace" data-testid="command-current-value">
            {formatMetricValueWithUnits(metric, current?.value ?? null, current?.units ?? metric.units)}
          </Text>
        </Group>
        {current ? (
          <Text size="xs" c="dimmed" ta="right">
            as of {formatDateTime(current.timestamp, timeZone)}
          </Text>
        ) : null}
        {actions.length > 1 ? (
          <SegmentedControl
            aria-label="Action"
            value={action}
            onChange={(value) => setAction(value === 'override' ? 'override' : 'set')}
            data={[
              { value: 'set', label: 'Set' },
              { value: 'override', label: 'Override for a while' },
            ]}
          />
        ) : null}
        <ValueInput metric={metric} draft={draft} onChange={setDraft} error={errors.value} />
        {action === 'override' ? (
          <Select
            label="Override for"
            description="The unit returns to its own control after this."
            data={DURATIONS}
            value={duration}
            onChange={setDuration}
            error={errors.durationMinutes}
            allowDeselect={false}
          />
        ) : null}
        <Textarea
          label="Reason"
          description="Kept with the command in the unit's audit trail."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
        />
        {errors.form ? (
          <Alert color="red" title="The command was not sent">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ValueInput(props: {
  metric: Metric;
  draft: Draft;
  onChange: (draft: Draft) => void;
  error: string | undefined;
}) {
  const { metric, draft, onChange, error } = props;
  if (metric.valueType === 'enum' && metric.enumMap) {
    const options = Object.entries(metric.enumMap).map(([value, label]) => ({ value, label }));
    return (
      <Select
        label="New value"
        data={options}
        value={typeof draft === 'string' ? draft : null}
        onChange={onChange}
        error={error}
        allowDeselect={false}
      />
    );
  }
  if (metric.valueType === 'boolean') {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          New value
        </Text>
        <SegmentedControl
          aria-label="New value"
          value={draft === true ? 'on' : 'off'}
          onChange={(value) => onChange(value === 'on')}
          data={[
            { value: 'on', label: 'On' },
            { value: 'off', label: 'Off' },
          ]}
        />
        {error ? (
          <Text size="xs" c="red">
            {error}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (metric.valueType === 'number') {
    return (
      <NumberInput
        label="New value"
        value={typeof draft === 'number' ? draft : ''}
        onChange={(value) => onChange(typeof value === 'number' ? value : null)}
        rightSection={metric.units ? <Text size="xs">{metric.units}</Text> : undefined}
        rightSectionWidth={metric.units ? 48 : undefined}
        decimalScale={3}
        error={error}
        data-autofocus
      />
    );
  }
  return (
    <TextInput
      label="New value"
      value={typeof draft === 'string' ? draft : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/** The server's refusal, under the field it names when it names one. */
function serverErrors(
  error: Error,
): Partial<Record<'value' | 'reason' | 'durationMinutes' | 'form', string>> {
  const [first] = serverFieldErrors(error);
  if (first) {
    const [field, message] = first;
    if (field === 'value' || field === 'reason' || field === 'durationMinutes') return { [field]: message };
  }
  return { form: error.message };
}

import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import type { AutomationType, DetectedProblem } from '@kelvin/contract';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { useEnableAutomation } from './problemsQueries.ts';

const HOUR = 3_600_000;
/** How long an automation may be set for; the server allows up to 90 days (AUTOMATION_MAX_MS). */
export const AUTOMATION_DURATIONS: readonly { value: string; label: string; ms: number }[] = [
  { value: '1h', label: '1 hour', ms: HOUR },
  { value: '4h', label: '4 hours', ms: 4 * HOUR },
  { value: '1d', label: '1 day', ms: 24 * HOUR },
  { value: '7d', label: '7 days', ms: 7 * 24 * HOUR },
  { value: '30d', label: '30 days', ms: 30 * 24 * HOUR },
  { value: '90d', label: '90 days', ms: 90 * 24 * HOUR },
];

type Target = Pick<DetectedProblem, 'problemRuleDefinitionId' | 'assetId' | 'groupingKey'>;

/** The distinct problem keys of the selection (a problem without a rule has no key and is left out). */
export function problemKeysOf(targets: readonly Target[]) {
  const keys = new Map<
    string,
    { problemRuleDefinitionId: number; assetId: number; groupingKey: string | null }
  >();
  for (const { problemRuleDefinitionId, assetId, groupingKey } of targets) {
    if (problemRuleDefinitionId === null) continue;
    keys.set(`${problemRuleDefinitionId}/${assetId}/${groupingKey ?? ''}`, {
      problemRuleDefinitionId,
      assetId,
      groupingKey,
    });
  }
  return [...keys.values()];
}

/**
 * Auto-acknowledge or auto-mute the selected problems' kinds (rule, asset, grouping key) for a while: the open ones
 * at once, and any the same rule opens on the same asset until the automation expires.
 */
export function AutomationDialog({
  opened,
  targets,
  onClose,
  onDone,
}: {
  opened: boolean;
  targets: readonly Target[];
  onClose: () => void;
  onDone: () => void;
}) {
  const enable = useEnableAutomation();
  const [type, setType] = useState<AutomationType>('AUTO_MUTE');
  const [duration, setDuration] = useState('1h');
  const [description, setDescription] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const keys = problemKeysOf(targets);

  function close() {
    setFailure(null);
    setDescriptionError(null);
    onClose();
  }

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setFailure(null);
    const text = description.trim();
    setDescriptionError(text === '' ? 'Description is required' : null);
    if (text === '') return;
    const ms = AUTOMATION_DURATIONS.find((choice) => choice.value === duration)?.ms ?? HOUR;
    try {
      await enable.mutateAsync([
        {
          problemGroupKeys: keys,
          type,
          description: text,
          expiredBy: new Date(Date.now() + ms).toISOString(),
        },
      ]);
      notify({
        kind: 'success',
        message: type === 'AUTO_MUTE' ? 'Auto-mute set' : 'Auto-acknowledgement set',
      });
      setDescription('');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Automate these problems">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Automation">
        <Stack>
          <Text size="sm">
            {keys.length === 1 ? 'This kind of problem on this unit' : `${keys.length} kinds of problem`} will
            be handled for you: those open now at once, and any opened again before the automation ends.
          </Text>
          <Radio.Group
            label="Action"
            value={type}
            onChange={(value) => setType(value === 'AUTO_ACKNOWLEDGEMENT' ? value : 'AUTO_MUTE')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="AUTO_MUTE" label="Auto-mute: keep them listed but notify no one" />
              <Radio
                value="AUTO_ACKNOWLEDGEMENT"
                label="Auto-acknowledge: mark them seen so they do not escalate"
              />
            </Stack>
          </Radio.Group>
          <Select
            label="For"
            data={AUTOMATION_DURATIONS.map(({ value, label }) => ({ value, label }))}
            value={duration}
            onChange={(value) => setDuration(value ?? '1h')}
            allowDeselect={false}
          />
          <Textarea
            label="Description"
            description="Why: shown with the automation, so others know who set it and for what."
            required
            rows={2}
            maxLength={500}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={descriptionError}
            data-autofocus
          />
          {failure !== null && (
            <Alert color="red" title="Automation not set" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={enable.isPending} disabled={keys.length === 0}>
              Set automation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

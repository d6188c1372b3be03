import { useState, type SyntheticEvent } from 'react';
import { Button, Group, Modal, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  COMPARE_PRESETS,
  fromZonedLocal,
  toZonedLocal,
  type CompareChoice,
  type TimeRange,
} from '@kelvin/domain';

export interface CompareModalProps {
  groupName: string;
  opened: boolean;
  range: TimeRange;
  timeZone: string;
  onClose: () => void;
  onApply: (choice: CompareChoice) => void;
}

const HOUR = 3_600_000;

/** Chooses the earlier period a chart overlays: a preset, a number of hours back, or a start typed in the zone. */
export function CompareModal({ groupName, opened, range, timeZone, onClose, onApply }: CompareModalProps) {
  const [kind, setKind] = useState<string>(String(COMPARE_PRESETS[0]?.ms ?? HOUR));
  const [hours, setHours] = useState<string | number>(48);
  const [start, setStart] = useState(() => toZonedLocal(range.from - 7 * 24 * HOUR, timeZone).slice(0, 16));
  const [error, setError] = useState<string | null>(null);

  function apply(event: SyntheticEvent) {
    event.preventDefault();
    if (kind === 'hours') {
      const back = Number(hours);
      if (!Number.isFinite(back) || back <= 0) return setError('Hours back must be more than 0.');
      return onApply({ kind: 'offset', ms: Math.round(back * HOUR) });
    }
    if (kind === 'start') {
      const at = fromZonedLocal(start, timeZone);
      if (at === undefined) return setError('The start is not a time: write it as YYYY-MM-DD HH:mm.');
      return onApply({ kind: 'start', at });
    }
    onApply({ kind: 'offset', ms: Number(kind) });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Compare ${groupName} with an earlier period`}>
      <form onSubmit={apply} noValidate>
        <Stack gap="sm">
          <Radio.Group
            value={kind}
            onChange={setKind}
            label="The same series, drawn dashed on the current axis, from"
          >
            <Stack gap="xs" mt="xs">
              {COMPARE_PRESETS.map((preset) => (
                <Radio key={preset.ms} value={String(preset.ms)} label={preset.label} />
              ))}
              <Radio value="hours" label="Some hours back" />
              {kind === 'hours' && (
                <NumberInput
                  label="Hours back"
                  value={hours}
                  onChange={setHours}
                  min={0}
                  decimalScale={2}
                  w={160}
                  ml="lg"
                />
              )}
              <Radio value="start" label="A period starting at a chosen time" />
              {kind === 'start' && (
                <TextInput
                  label={`Start (${timeZone})`}
                  placeholder="YYYY-MM-DD HH:mm"
                  value={start}
                  onChange={(event) => setStart(event.currentTarget.value)}
                  description="As long as the range on screen, for example before a service visit."
                  w={260}
                  ml="lg"
                />
              )}
            </Stack>
          </Radio.Group>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Compare</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

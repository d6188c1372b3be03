import { useState } from 'react';
import { Group, NumberInput, Select } from '@mantine/core';
import { DurationError, formatIsoDuration, parseIsoDuration } from '@kelvin/domain';

type Unit = 'minutes' | 'hours';
const UNIT_MS: Readonly<Record<Unit, number>> = { minutes: 60_000, hours: 3_600_000 };

/** An ISO duration as an amount of whole hours when it is one, else of minutes; a bad one as blank minutes. */
export function durationParts(iso: string): { amount: number | ''; unit: Unit } {
  let ms: number;
  try {
    ms = parseIsoDuration(iso);
  } catch (error) {
    if (error instanceof DurationError) return { amount: '', unit: 'minutes' };
    throw error;
  }
  if (ms > 0 && ms % UNIT_MS.hours === 0) return { amount: ms / UNIT_MS.hours, unit: 'hours' };
  return { amount: ms / UNIT_MS.minutes, unit: 'minutes' };
}

/** An amount of minutes or hours as the ISO duration the server stores ('' when no amount is given). */
export function isoOfParts(amount: number | string, unit: Unit): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (typeof amount === 'string' && amount.trim() === '') return '';
  if (!Number.isFinite(value) || value < 0) return '';
  return formatIsoDuration(value * UNIT_MS[unit]);
}

export interface DurationInputProps {
  label: string;
  description?: string;
  /** ISO 8601, e.g. PT5M. */
  value: string;
  onChange: (iso: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A duration typed as a number of minutes or hours and stored as ISO 8601 (PT5M, PT2H), as the spec carries it. */
export function DurationInput({ label, description, value, onChange, error, disabled }: DurationInputProps) {
  const [parts, setParts] = useState(() => durationParts(value));

  function change(amount: number | string, unit: Unit) {
    setParts({ amount: typeof amount === 'number' ? amount : '', unit });
    onChange(isoOfParts(amount, unit));
  }

  return (
    <Group gap={6} align="flex-start" wrap="nowrap">
      <NumberInput
        label={label}
        description={description}
        value={parts.amount}
        onChange={(amount) => change(amount, parts.unit)}
        min={0}
        decimalScale={2}
        error={error}
        disabled={disabled}
        style={{ flex: 1 }}
      />
      <Select
        // The amount's label says what it is; the unit's name is for screen readers, a blank label keeps the row.
        label={'\u00a0'}
        aria-label={`${label} unit`}
        description={description ? '\u00a0' : undefined}
        data={[
          { value: 'minutes', label: 'minutes' },
          { value: 'hours', label: 'hours' },
        ]}
        value={parts.unit}
        onChange={(unit) => {
          if (unit === 'minutes' || unit === 'hours') change(parts.amount, unit);
        }}
        allowDeselect={false}
        disabled={disabled}
        w={110}
      />
    </Group>
  );
}

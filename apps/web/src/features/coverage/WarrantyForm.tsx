import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { contract, type Warranty } from '@kelvin/contract';
import { TimeZonePicker } from '../diagnose/TimeZonePicker.tsx';
import { addDurationToDate } from '@kelvin/domain';
import { formatCalendarDate, READABLE_WHEN_DISABLED } from './coverageLabels.ts';
import { useCoverageForm } from './useCoverageForm.ts';

export type WarrantyFields = Pick<Warranty, 'label' | 'duration' | 'startDate' | 'isSample' | 'timeZoneId'>;
type FieldName = keyof WarrantyFields;
const FIELD_NAMES: readonly FieldName[] = ['label', 'duration', 'startDate', 'isSample', 'timeZoneId'];

/** What is wrong with the fields, by name, with the contract's own messages. */
export function warrantyFieldErrors(fields: WarrantyFields): Partial<Record<FieldName, string>> {
  const checked = contract.warrantiesCreate.body.safeParse({ companyId: 1, assetIds: [], ...fields });
  if (checked.success) return {};
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of checked.error.issues) {
    const name = FIELD_NAMES.find((key) => key === issue.path[0]);
    if (name && errors[name] === undefined)
      errors[name] = name === 'startDate' && fields.startDate === '' ? 'Choose a date' : issue.message;
  }
  return errors;
}

/** The end date a start and duration give (start + duration), or null while either is not valid. */
function endDateOf(fields: WarrantyFields): string | null {
  try {
    return addDurationToDate(fields.startDate, fields.duration);
  } catch {
    return null;
  }
}

/**
 * The fields of a warranty: Label, Start Date (a day in the warranty's time zone), Duration (ISO 8601, P2Y), the
 * End Date they give, Sample, and the time zone. Disabled fields show it read-only; Save appears while enabled.
 */
export function WarrantyForm({
  initial,
  disabled = false,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: WarrantyFields;
  disabled?: boolean;
  submitLabel: string;
  onSubmit: (fields: WarrantyFields) => Promise<unknown>;
  onCancel?: () => void;
}) {
  // Only the form's own fields: `initial` may be a whole warranty, whose other fields the calls refuse.
  const { fields, set, errors, saving, handleSubmit } = useCoverageForm<WarrantyFields>(
    () => ({
      label: initial.label,
      duration: initial.duration,
      startDate: initial.startDate,
      isSample: initial.isSample,
      timeZoneId: initial.timeZoneId,
    }),
    warrantyFieldErrors,
    onSubmit,
  );
  const endDate = endDateOf(fields);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Warranty">
      <Stack gap="sm">
        <TextInput
          label="Label"
          value={fields.label}
          onChange={(event) => set('label', event.currentTarget.value)}
          disabled={disabled}
          styles={READABLE_WHEN_DISABLED}
          required={!disabled}
          error={errors.label}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="Start Date"
            value={fields.startDate}
            onChange={(event) => set('startDate', event.currentTarget.value)}
            disabled={disabled}
            styles={READABLE_WHEN_DISABLED}
            required={!disabled}
            error={errors.startDate}
          />
          <TextInput
            label="Duration"
            description="ISO 8601: P2Y is two years, P18M eighteen months"
            value={fields.duration}
            onChange={(event) => set('duration', event.currentTarget.value.toUpperCase())}
            disabled={disabled}
            styles={READABLE_WHEN_DISABLED}
            required={!disabled}
            error={errors.duration}
          />
        </SimpleGrid>
        <Text size="sm" aria-live="polite">
          End Date: {endDate === null ? 'set a start date and a duration' : formatCalendarDate(endDate)}
        </Text>
        {disabled ? (
          <TextInput label="Time zone" value={fields.timeZoneId} disabled styles={READABLE_WHEN_DISABLED} />
        ) : (
          <TimeZonePicker
            value={fields.timeZoneId}
            onChange={(zone) => set('timeZoneId', zone)}
            width="100%"
          />
        )}
        <Checkbox
          label="Sample"
          checked={fields.isSample}
          onChange={(event) => set('isSample', event.currentTarget.checked)}
          disabled={disabled}
          styles={READABLE_WHEN_DISABLED}
        />
        {!disabled && (
          <Group justify="flex-end" gap="xs">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

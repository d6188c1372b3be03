import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  contract,
  contractManagedStatuses,
  contractPaymentStatuses,
  type ServiceContract,
} from '@kelvin/contract';
import { managedStatusOptions, paymentStatusOptions, READABLE_WHEN_DISABLED } from './coverageLabels.ts';
import { useCoverageForm } from './useCoverageForm.ts';

export type ContractFields = Pick<
  ServiceContract,
  'label' | 'managedStatus' | 'paymentStatus' | 'startDate' | 'endDate' | 'coversParts'
>;
type FieldName = keyof ContractFields;

export const NEW_CONTRACT: ContractFields = {
  label: '',
  managedStatus: 'MANAGED',
  paymentStatus: 'UNPAID',
  startDate: '',
  endDate: '',
  coversParts: true,
};

const managedOf = (value: string | null) => contractManagedStatuses.find((status) => status === value);
const paymentOf = (value: string | null) => contractPaymentStatuses.find((status) => status === value);

/** What is wrong with the fields, each by name, with the contract's own messages (what the server would say). */
export function contractFieldErrors(fields: ContractFields): Partial<Record<FieldName, string>> {
  const checked = contract.contractsUpdate.body.safeParse({ contractId: 1, ...fields });
  if (checked.success) return {};
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    const name = Object.keys(NEW_CONTRACT).find((key): key is FieldName => key === field);
    if (name && errors[name] === undefined) {
      errors[name] =
        name === 'startDate' || name === 'endDate' ? dateMessage(fields[name], issue.message) : issue.message;
    }
  }
  return errors;
}

const dateMessage = (value: string, message: string) => (value === '' ? 'Choose a date' : message);

/**
 * The fields of a contract: Label, Managed Status, Payment Status, Start Date, End Date (spec, Contracts viewer),
 * and whether its parts are covered. Disabled fields show the contract read-only; Save appears while enabled.
 */
export function ContractForm({
  initial,
  disabled = false,
  withCoversParts = true,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ContractFields;
  disabled?: boolean;
  withCoversParts?: boolean;
  submitLabel: string;
  onSubmit: (fields: ContractFields) => Promise<unknown>;
  onCancel?: () => void;
}) {
  // Only the form's own fields: `initial` may be a whole contract, whose other fields the calls refuse.
  const { fields, set, errors, saving, handleSubmit } = useCoverageForm<ContractFields>(
    () => ({
      label: initial.label,
      managedStatus: initial.managedStatus,
      paymentStatus: initial.paymentStatus,
      startDate: initial.startDate,
      endDate: initial.endDate,
      coversParts: initial.coversParts,
    }),
    contractFieldErrors,
    onSubmit,
  );
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Contract">
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
          <Select
            label="Managed Status"
            data={managedStatusOptions}
            value={fields.managedStatus}
            onChange={(value) => set('managedStatus', managedOf(value) ?? fields.managedStatus)}
            allowDeselect={false}
            disabled={disabled}
            styles={READABLE_WHEN_DISABLED}
          />
          <Select
            label="Payment Status"
            data={paymentStatusOptions}
            value={fields.paymentStatus}
            onChange={(value) => set('paymentStatus', paymentOf(value) ?? fields.paymentStatus)}
            allowDeselect={false}
            disabled={disabled}
            styles={READABLE_WHEN_DISABLED}
          />
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
            type="date"
            label="End Date"
            value={fields.endDate}
            onChange={(event) => set('endDate', event.currentTarget.value)}
            disabled={disabled}
            styles={READABLE_WHEN_DISABLED}
            required={!disabled}
            error={errors.endDate}
          />
        </SimpleGrid>
        {withCoversParts && (
          <Checkbox
            label="Covers parts (a covered ticket's parts are at no charge)"
            checked={fields.coversParts}
            onChange={(event) => set('coversParts', event.currentTarget.checked)}
            disabled={disabled}
            styles={READABLE_WHEN_DISABLED}
          />
        )}
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

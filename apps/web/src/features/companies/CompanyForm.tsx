import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { companyFieldsSchema, type SubscriptionPlan } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { fieldErrorsOf, type FieldErrors } from '../../shared/forms/formErrors.ts';
import type { CompanyFields } from './companiesQueries.ts';
import { isSubscriptionPlan, subscriptionPlanOptions } from './subscriptionPlans.ts';

export interface CompanyFormProps {
  initial?: CompanyFields;
  submitLabel: string;
  /** Resolves when saved; a rejection shows the server's message in the form. */
  onSubmit: (fields: CompanyFields) => Promise<unknown>;
  onCancel?: () => void;
}

/** Name, NetSuite customer internal id and plan, validated with the contract's own schema before sending. */
export function CompanyForm({ initial, submitLabel, onSubmit, onCancel }: CompanyFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [netSuiteId, setNetSuiteId] = useState(initial?.netSuiteCustomerInternalId ?? '');
  const [plan, setPlan] = useState<SubscriptionPlan | null>(initial?.subscription ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = companyFieldsSchema.safeParse({
      name,
      netSuiteCustomerInternalId: netSuiteId.trim() === '' ? null : netSuiteId,
      subscription: plan ?? undefined,
    });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      // zod's own wording for a missing enum value names the type, not the field.
      if (plan === null) fieldErrors.subscription = 'Choose a plan';
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack>
        <TextInput
          label="Company name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="NetSuite customer internal id"
          value={netSuiteId}
          onChange={(event) => setNetSuiteId(event.currentTarget.value)}
          error={errors.netSuiteCustomerInternalId}
        />
        <Select
          label="Plan"
          required
          data={subscriptionPlanOptions}
          value={plan}
          onChange={(value) => setPlan(isSubscriptionPlan(value) ? value : null)}
          error={errors.subscription}
          allowDeselect={false}
        />
        {serverError !== null && (
          <Alert color="red" title="Not saved" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

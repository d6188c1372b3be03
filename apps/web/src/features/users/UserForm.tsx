import { useState, type SyntheticEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { contract, type User } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { blankToNull, fieldErrorsOf, type FieldErrors } from '../../shared/forms/formErrors.ts';
import type { CreateUserInput, UpdateUserInput } from './usersQueries.ts';

type Mode =
  | { kind: 'create'; companyId: number; roles: readonly { roleId: number; name: string }[] }
  | { kind: 'edit'; user: User };

export type UserFormSubmit =
  { kind: 'create'; input: CreateUserInput } | { kind: 'edit'; input: UpdateUserInput };

export interface UserFormProps {
  mode: Mode;
  submitLabel: string;
  onSubmit: (submit: UserFormSubmit) => Promise<unknown>;
  onCancel?: () => void;
  extraActions?: ReactNode;
}

/**
 * A user's details; creating also picks roles and an optional initial password. Validated with the contract's
 * own schemas (required name, email format, lengths) before anything is sent.
 */
export function UserForm({ mode, submitLabel, onSubmit, onCancel, extraActions }: UserFormProps) {
  const initial = mode.kind === 'edit' ? mode.user : null;
  const [values, setValues] = useState({
    name: initial?.name ?? '',
    email: initial?.email ?? '',
    role: initial?.role ?? '',
    primaryPhone: initial?.primaryPhone ?? '',
    secondaryPhone: initial?.secondaryPhone ?? '',
    location: initial?.location ?? '',
    password: '',
  });
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function parse(): UserFormSubmit | null {
    const details = {
      name: values.name,
      email: values.email.trim(),
      role: blankToNull(values.role),
      primaryPhone: blankToNull(values.primaryPhone),
      secondaryPhone: blankToNull(values.secondaryPhone),
      location: blankToNull(values.location),
    };
    if (mode.kind === 'create') {
      const parsed = contract.usersCreate.body.safeParse({
        ...details,
        companyId: mode.companyId,
        roleIds: roleIds.map(Number),
        password: values.password === '' ? undefined : values.password,
      });
      if (parsed.success) return { kind: 'create', input: parsed.data };
      setErrors(fieldErrorsOf(parsed.error));
      return null;
    }
    const parsed = contract.usersUpdate.body.safeParse({ ...details, userId: mode.user.userId });
    if (parsed.success) return { kind: 'edit', input: parsed.data };
    setErrors(fieldErrorsOf(parsed.error));
    return null;
  }

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setServerError(null);
    const submit = parse();
    if (!submit) return;
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(submit);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const text = (field: keyof typeof values, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={values[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
      error={errors[field]}
    />
  );

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={submitLabel}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('name', 'Name', true)}
          {text('email', 'Email', true)}
          {text('role', 'Job title')}
          {text('location', 'Location')}
          {text('primaryPhone', 'Primary phone')}
          {text('secondaryPhone', 'Secondary phone')}
        </SimpleGrid>
        {mode.kind === 'create' && (
          <>
            <MultiSelect
              label="Roles"
              data={mode.roles.map((role) => ({ value: String(role.roleId), label: role.name }))}
              value={roleIds}
              onChange={setRoleIds}
              error={errors.roleIds}
            />
            <PasswordInput
              label="Initial password"
              description="Optional; at least 12 characters. The user can sign in with it at once."
              value={values.password}
              onChange={(event) => set('password')(event.currentTarget.value)}
              error={errors.password}
            />
          </>
        )}
        {serverError !== null && (
          <Alert color="red" title="Not saved" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="space-between">
          <Group>{extraActions}</Group>
          <Group>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

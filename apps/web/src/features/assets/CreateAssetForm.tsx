import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { Asset } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useAssetTypes, useCreateAsset } from './assetsQueries.ts';
import { assetDisplayName, placementError } from '@kelvin/domain';

export interface CreateAssetFormProps {
  companyId: number;
  /** Null: directly under the company (sites and make-up-air units). */
  parent: Asset | null;
  onDone: (created: Asset | null) => void;
}

/** A new asset of a type the hierarchy allows under the parent, with its name. */
export function CreateAssetForm({ companyId, parent, onDone }: CreateAssetFormProps) {
  const types = useAssetTypes();
  const create = useCreateAsset();
  const parentTypeId = parent?.assetTypeId ?? null;
  const allowed = (types.data ?? []).filter(
    (type) => placementError(type.assetTypeId, parentTypeId) === null,
  );
  const [typeId, setTypeId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ type?: string; name?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // With a single allowed type (a building under a site) there is nothing to choose.
  const chosenTypeId = typeId ?? (allowed.length === 1 ? String(allowed[0]?.assetTypeId) : null);

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setServerError(null);
    const nextErrors = {
      type: chosenTypeId === null ? 'Choose a type' : undefined,
      name:
        name.trim() === ''
          ? 'Name is required'
          : name.trim().length > 200
            ? 'Name is at most 200 characters'
            : undefined,
    };
    setErrors(nextErrors);
    if (nextErrors.type !== undefined || nextErrors.name !== undefined || chosenTypeId === null) return;
    try {
      const created = await create
        .mutateAsync({
          companyId,
          parentAssetId: parent?.assetId ?? null,
          assetTypeId: Number(chosenTypeId),
          name: name.trim(),
        })
        .catch(failWithToast);
      toastsFor(`${assetDisplayName(created)} created`).onSuccess();
      onDone(created);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Create asset">
      <Stack>
        <Select
          label="Type"
          required
          data={allowed.map((type) => ({ value: String(type.assetTypeId), label: type.name }))}
          value={chosenTypeId}
          onChange={setTypeId}
          error={errors.type}
          placeholder={types.isPending ? 'Loading types' : 'Choose a type'}
          allowDeselect={false}
        />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        {serverError !== null && (
          <Alert color="red" title="Not created" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { MonitorGroup } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { useCreateMonitorGroup, useUpdateMonitorGroup } from './monitorGroupsQueries.ts';

export interface GroupFormDialogProps {
  companyId: number;
  /** The group to rename, or null for a new one. */
  group: MonitorGroup | null;
  onClose: () => void;
  onSaved?: (group: MonitorGroup) => void;
}

/** A monitor group's name and description; a new group starts without rules. */
export function GroupFormDialog({ companyId, group, onClose, onSaved }: GroupFormDialogProps) {
  const create = useCreateMonitorGroup();
  const update = useUpdateMonitorGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  function handleSave() {
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameError('Name is required');
      return;
    }
    const fields = { name: trimmed, description: description.trim() === '' ? null : description.trim() };
    const saved = group
      ? update.mutateAsync({
          monitorGroupId: group.monitorGroupId,
          ...fields,
          problemRuleDefinitionIds: group.problemRuleDefinitionIds,
        })
      : create.mutateAsync({ companyId, ...fields });
    saved.then(
      (result) => {
        toastsFor(group ? `${result.name} saved` : `${result.name} created`).onSuccess();
        onSaved?.(result);
        onClose();
      },
      (error: unknown) => setRefusal(errorMessage(error)),
    );
  }

  return (
    <Modal opened onClose={onClose} title={group ? `Rename ${group.name}` : 'New monitor group'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSave();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            rows={2}
          />
          {refusal !== null && (
            <Alert color="red" title="Not saved" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {group ? 'Save' : 'Create group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

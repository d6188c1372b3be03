import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import type { SaveViewInput } from './diagnoseViews.ts';

export interface SaveViewModalProps {
  opened: boolean;
  title: string;
  initial: SaveViewInput;
  /** Rename asks only for the name. */
  nameOnly?: boolean;
  onClose: () => void;
  onSave: (input: SaveViewInput) => Promise<unknown>;
}

const NAME_MAX = 200;

/** Save as and rename of a diagnose view: name, description, who sees it, and what it carries. */
export function SaveViewModal({
  opened,
  title,
  initial,
  nameOnly = false,
  onClose,
  onSave,
}: SaveViewModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted afresh on each opening, so that the form starts from the view it is for. */}
      {opened && <SaveViewForm initial={initial} nameOnly={nameOnly} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function SaveViewForm({ initial, nameOnly, onClose, onSave }: Omit<SaveViewModalProps, 'opened' | 'title'>) {
  const [input, setInput] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit() {
    const name = input.name.trim();
    if (name === '') return setNameError('Name is required');
    if (name.length > NAME_MAX) return setNameError(`Name is at most ${NAME_MAX} characters`);
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ ...input, name });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          value={input.name}
          error={nameError}
          onChange={(event) => {
            setNameError(null);
            setInput({ ...input, name: event.currentTarget.value });
          }}
        />
        {!nameOnly && (
          <>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={input.description ?? ''}
              onChange={(event) => setInput({ ...input, description: event.currentTarget.value })}
            />
            <SegmentedControl
              aria-label="Who sees the view"
              data={[
                { value: 'PERSONAL', label: 'Only me' },
                { value: 'PUBLISHED', label: 'My company' },
              ]}
              value={input.type === 'PUBLISHED' ? 'PUBLISHED' : 'PERSONAL'}
              onChange={(type) =>
                setInput({ ...input, type: type === 'PUBLISHED' ? 'PUBLISHED' : 'PERSONAL' })
              }
            />
            <Checkbox
              label="Include the time range"
              checked={input.includeTimeRange}
              onChange={(event) => setInput({ ...input, includeTimeRange: event.currentTarget.checked })}
            />
            <Checkbox
              label="Include the selected assets"
              checked={input.includeAssets}
              onChange={(event) => setInput({ ...input, includeAssets: event.currentTarget.checked })}
            />
          </>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

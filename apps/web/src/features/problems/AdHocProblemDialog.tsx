import { useState, type SyntheticEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { problemLevels, type ProblemLevel } from '@kelvin/contract';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { LEVEL_PAINTS } from './problemPaint.tsx';
import { useCreateAdHoc } from './problemsQueries.ts';

const isLevel = (value: string): value is ProblemLevel => problemLevels.some((level) => level === value);

/**
 * Report a problem a person found on an asset (an ad hoc problem): it stays open, listed with the detected ones,
 * until someone disables it.
 */
export function AdHocProblemDialog({
  asset,
  opened,
  onClose,
}: {
  asset: { assetId: number; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateAdHoc();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [level, setLevel] = useState<ProblemLevel>('WARNING');
  const [tags, setTags] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    setNameError(null);
    onClose();
  }

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setFailure(null);
    const title = name.trim();
    setNameError(title === '' ? 'Name is required' : null);
    if (title === '') return;
    try {
      await create.mutateAsync({
        assetId: asset.assetId,
        name: title,
        description: description.trim() === '' ? null : description.trim(),
        level,
        tags,
      });
      notify({ kind: 'success', message: 'Problem reported' });
      setName('');
      setDescription('');
      setTags([]);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={`Report a problem on ${asset.name}`}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Report a problem">
        <Stack>
          <Text size="sm" c="dimmed">
            For something the rules cannot see, such as a leak or a noise. It stays open until someone closes
            it from its details.
          </Text>
          <TextInput
            label="Name"
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            data-autofocus
          />
          <Textarea
            label="Description"
            rows={3}
            maxLength={2000}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="adhoc-level">
              Level
            </Text>
            <SegmentedControl
              aria-labelledby="adhoc-level"
              value={level}
              onChange={(value) => {
                if (isLevel(value)) setLevel(value);
              }}
              data={problemLevels.map((value) => ({ value, label: LEVEL_PAINTS[value].label }))}
            />
          </Stack>
          <TagsInput
            label="Tags"
            description="Press Enter after each tag."
            value={tags}
            onChange={setTags}
            maxTags={20}
          />
          {failure !== null && (
            <Alert color="red" title="Problem not reported" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Report problem
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

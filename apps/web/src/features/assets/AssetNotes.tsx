import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { format } from 'date-fns';
import type { Asset, AssetNote } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useAssetNotes, useCreateNote, useDeleteNote, useUpdateNote } from './notesQueries.ts';

const NOTE_MAX = 10_000;

function noteProblem(text: string): string | null {
  if (text.trim() === '') return 'Write the note first';
  return text.length > NOTE_MAX ? `A note is at most ${NOTE_MAX} characters` : null;
}

/** Notes on an asset: add, edit and delete (assets:write on its company). */
export function AssetNotes({ asset }: { asset: Asset }) {
  const notes = useAssetNotes(asset.assetId);
  const create = useCreateNote(asset.assetId);
  const canWrite = usePermissionScope().forCompany('assets:write', asset.companyId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function handleAdd() {
    const found = noteProblem(draft);
    setProblem(found);
    if (found === null)
      create.mutate(
        draft.trim(),
        toastsFor('Note added', () => setDraft('')),
      );
  }

  return (
    <Stack>
      <Title order={3}>Notes</Title>
      {canWrite && (
        <Group align="flex-end">
          <Textarea
            label="New note"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={problem}
            autosize
            minRows={2}
            style={{ flex: 1 }}
          />
          <Button onClick={handleAdd} loading={create.isPending}>
            Add note
          </Button>
        </Group>
      )}
      <QueryState query={notes} label="the notes">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>No notes yet.</EmptyState>
          ) : (
            list.map((note) => <NoteCard key={note.assetNoteId} note={note} canWrite={canWrite} />)
          )
        }
      </QueryState>
    </Stack>
  );
}

function NoteCard({ note, canWrite }: { note: AssetNote; canWrite: boolean }) {
  const update = useUpdateNote(note.assetId);
  const remove = useDeleteNote(note.assetId);
  const [editing, setEditing] = useState<string | null>(null);
  const problem = editing === null ? null : noteProblem(editing);

  function handleDelete() {
    void modals.danger({
      title: 'Delete note',
      message: 'Delete this note? This cannot be undone.',
      okLabel: 'Delete note',
      onOk: () =>
        remove.mutateAsync(note.assetNoteId).then(() => toastsFor('Note deleted').onSuccess(), failWithToast),
    });
  }

  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={`Note by ${note.userName ?? 'a former user'}`}
    >
      <Text size="xs" c="dimmed">
        {note.userName ?? 'A former user'} · {format(new Date(note.createdAt), 'MM/dd/yyyy hh:mm:ss a')}
      </Text>
      {editing === null ? (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{note.note}</Text>
      ) : (
        <Textarea
          label="Edit note"
          value={editing}
          onChange={(event) => setEditing(event.currentTarget.value)}
          error={problem}
          autosize
        />
      )}
      {canWrite && (
        <Group gap="xs" mt="xs">
          {editing === null ? (
            <>
              <Button size="xs" variant="default" onClick={() => setEditing(note.note)}>
                Edit
              </Button>
              <Button size="xs" color="red" variant="light" onClick={handleDelete}>
                Delete
              </Button>
            </>
          ) : (
            <>
              <Button
                size="xs"
                disabled={problem !== null}
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    { assetNoteId: note.assetNoteId, note: editing.trim() },
                    toastsFor('Note saved', () => setEditing(null)),
                  )
                }
              >
                Save note
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </>
          )}
        </Group>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { useProblemAction, type ProblemVerb } from './problemsQueries.ts';

export interface ActionTarget {
  detectedProblemId: number;
  name: string;
  assetName: string;
}

const WORDING: Readonly<Record<ProblemVerb, { title: string; button: string; done: string; says: string }>> =
  {
    acknowledge: {
      title: 'Acknowledge',
      button: 'Acknowledge',
      done: 'acknowledged',
      says: 'You are recorded as having seen them; they no longer escalate.',
    },
    unacknowledge: {
      title: 'Take back the acknowledgement of',
      button: 'Unacknowledge',
      done: 'no longer acknowledged',
      says: 'They count as unacknowledged again and may escalate.',
    },
    mute: {
      title: 'Mute',
      button: 'Mute',
      done: 'muted',
      says: 'They stay listed but notify no one until unmuted.',
    },
    unmute: {
      title: 'Unmute',
      button: 'Unmute',
      done: 'unmuted',
      says: 'They notify again as their level says.',
    },
  };

const countOf = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);
/** A long selection is named by its first few problems, the rest counted. */
const SHOWN = 5;

/**
 * The acknowledge, unacknowledge, mute and unmute dialog for the selected problems. The server's reason stays in
 * the dialog when it refuses, so that nothing is lost by a toast going away.
 */
export function ProblemActionDialog({
  verb,
  targets,
  onClose,
  onDone,
}: {
  verb: ProblemVerb | null;
  targets: readonly ActionTarget[];
  onClose: () => void;
  onDone: () => void;
}) {
  const action = useProblemAction();
  const [failure, setFailure] = useState<string | null>(null);
  const wording = verb === null ? null : WORDING[verb];

  async function handleConfirm() {
    if (verb === null || !wording) return;
    setFailure(null);
    try {
      await action.mutateAsync({ verb, ids: targets.map((target) => target.detectedProblemId) });
      notify({ kind: 'success', message: `${countOf(targets.length)} ${wording.done}` });
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Modal
      opened={verb !== null}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      title={wording ? `${wording.title} ${countOf(targets.length)}` : ''}
    >
      {wording && (
        <Stack>
          <Text size="sm">{wording.says}</Text>
          <List size="sm" spacing={2}>
            {targets.slice(0, SHOWN).map((target) => (
              <List.Item key={target.detectedProblemId}>
                {target.name}{' '}
                <Text span c="dimmed" size="sm">
                  on {target.assetName}
                </Text>
              </List.Item>
            ))}
            {targets.length > SHOWN && <List.Item>and {targets.length - SHOWN} more</List.Item>}
          </List>
          {failure !== null && (
            <Alert color="red" title={`Not ${wording.done}`} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void handleConfirm()} loading={action.isPending} data-autofocus>
              {wording.button}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

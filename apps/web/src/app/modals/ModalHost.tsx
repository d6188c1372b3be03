import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DEFAULT_CANCEL_LABEL, DEFAULT_OK_LABEL, useModalStore, type ModalEntry } from './modalStore.ts';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function DialogModal({ modal }: { modal: ModalEntry }) {
  const remove = useModalStore((state) => state.remove);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function handleCancel() {
    if (pending) return;
    modal.onCancel?.();
    remove(modal.id);
    modal.settle(false);
  }

  async function handleOk() {
    setPending(true);
    setError(null);
    try {
      const result = await modal.onOk?.();
      if (result === false) return;
      remove(modal.id);
      modal.settle(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  }

  const hasCancel = modal.kind !== 'info';
  return (
    <Modal opened onClose={handleCancel} title={modal.title} closeOnClickOutside={false} centered>
      <Stack>
        {typeof modal.message === 'string' ? <Text>{modal.message}</Text> : modal.message}
        {error !== null && (
          <Alert color="red" title="Error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          {hasCancel && (
            <Button variant="default" onClick={handleCancel} disabled={pending}>
              {modal.cancelLabel ?? DEFAULT_CANCEL_LABEL}
            </Button>
          )}
          <Button color={modal.kind === 'danger' ? 'red' : undefined} onClick={handleOk} loading={pending}>
            {modal.okLabel ?? DEFAULT_OK_LABEL}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Shows the dialogs opened through `modals`; the oldest first, the next once it closes. */
export function ModalHost() {
  const current = useModalStore((state) => state.modals[0]);
  return current ? <DialogModal key={current.id} modal={current} /> : null;
}

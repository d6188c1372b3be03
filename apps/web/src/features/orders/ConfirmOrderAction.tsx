import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SalesOrdersRow } from '@kelvin/contract';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { NetsuiteSignIn } from './NetsuiteSignIn.tsx';
import { netsuiteAccessToken } from './orderNetsuiteSession.ts';
import { useOrderMutations } from './ordersQueries.ts';

const TEXTS = {
  delete: {
    title: 'Delete sales order',
    body: 'It is deleted in NetSuite and the ticket goes back to Tickets Pending Sales Order.',
    button: 'Delete',
    done: 'Sales order deleted',
    what: 'delete the sales order',
  },
  close: {
    title: 'Close sales order',
    body: 'Every line is closed in NetSuite; a closed order can no longer be changed. The ticket moves to Closed Sales Orders.',
    button: 'Close order',
    done: 'Sales order closed',
    what: 'close the sales order',
  },
} as const;

/** Confirms Delete or Close of a ticket's sales order, then calls NetSuite with the user's session. */
export function ConfirmOrderAction({
  action,
  row,
  onClose,
}: {
  action: 'delete' | 'close';
  row: SalesOrdersRow;
  onClose: () => void;
}) {
  const texts = TEXTS[action];
  const mutations = useOrderMutations();
  const mutation = action === 'delete' ? mutations.remove : mutations.close;
  const [signInNeeded, setSignInNeeded] = useState(false);
  const order = row.salesOrderNumber ?? row.netSuiteSalesOrderInternalId ?? '';

  const confirm = async () => {
    const accessToken = await netsuiteAccessToken();
    if (accessToken === null) {
      setSignInNeeded(true);
      return;
    }
    mutation.mutate(
      { netSuiteAccessToken: accessToken, ticketId: row.ticketId },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: `${texts.done} for ticket ${row.ticketId}` });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={texts.title}>
      <Stack>
        <Text>
          {`${texts.title} ${order} of Ticket ${row.ticketId} (${row.title})? `}
          {texts.body}
        </Text>
        {signInNeeded && <NetsuiteSignIn what={texts.what} />}
        {mutation.isError && (
          <Alert color="red" title={`The sales order was not ${action === 'delete' ? 'deleted' : 'closed'}`}>
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={action === 'delete' ? 'red' : undefined}
            loading={mutation.isPending}
            onClick={() => void confirm()}
          >
            {texts.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

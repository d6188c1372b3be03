import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { NetsuiteProject } from '@kelvin/contract';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { NetsuiteSignIn } from './NetsuiteSignIn.tsx';
import { netsuiteAccessToken } from './orderNetsuiteSession.ts';
import { OrderPreview } from './OrderPreview.tsx';
import { useOrderMutations } from './ordersQueries.ts';
import { ProjectPicker } from './ProjectPicker.tsx';

/** Spec: the helper text under the project grid. */
export const PROJECT_HELPER = 'All orders must be associated with a valid netsuite project!';

const DATE_FORMAT = 'MMM D, YYYY';
const optional = (value: string) => (value.trim() === '' ? {} : { value: value.trim() });

/**
 * The Process dialog (spec 2): 'Process order for Ticket: {ticketId}', the project grid, Memo, Purchase Order
 * Number, Start and End Date, the order's lines with totals, Submit and Cancel. Submit uses the user's NetSuite
 * session and offers to sign in when there is none.
 */
export function ProcessOrderDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [project, setProject] = useState<NetsuiteProject | null>(null);
  const [memo, setMemo] = useState('');
  const [purchaseOrderNumber, setPurchaseOrderNumber] = useState('');
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const { create } = useOrderMutations();
  const token = useQuery({
    queryKey: ['netsuite', 'accessToken'],
    queryFn: () => netsuiteAccessToken(),
    staleTime: 0,
  });
  const datesBackwards = startDate !== null && endDate !== null && endDate < startDate;

  const submit = async () => {
    if (project === null) return;
    const accessToken = await netsuiteAccessToken();
    if (accessToken === null) {
      setSignInNeeded(true);
      return;
    }
    const memoText = optional(memo).value;
    const poText = optional(purchaseOrderNumber).value;
    create.mutate(
      {
        netSuiteAccessToken: accessToken,
        ticketId,
        netSuiteProjectId: project.id,
        ...(memoText === undefined ? {} : { memo: memoText }),
        ...(poText === undefined ? {} : { purchaseOrderNumber: poText }),
        ...(startDate === null ? {} : { startDate: startDate.slice(0, 10) }),
        ...(endDate === null ? {} : { endDate: endDate.slice(0, 10) }),
      },
      {
        onSuccess: (answer) => {
          notify({
            kind: 'success',
            message: `Sales order ${answer.salesOrderNumber ?? ''} created for ticket ${ticketId}`.replace(
              '  ',
              ' ',
            ),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={<Title order={2} size="h3">{`Process order for Ticket: ${ticketId}`}</Title>}
    >
      <Stack>
        <div>
          <ProjectPicker selected={project} onSelect={setProject} />
          <Text size="sm" c={project === null ? 'red' : 'dimmed'} mt={4}>
            {PROJECT_HELPER}
          </Text>
          {project !== null && (
            <Text size="sm" fw={500}>
              Project: {project.name} (ID {project.id})
            </Text>
          )}
        </div>
        <Textarea
          label="Memo"
          autosize
          minRows={2}
          maxLength={999}
          value={memo}
          onChange={(event) => setMemo(event.currentTarget.value)}
        />
        <TextInput
          label="Purchase Order Number"
          maxLength={45}
          value={purchaseOrderNumber}
          onChange={(event) => setPurchaseOrderNumber(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatePickerInput
            label="Start Date"
            clearable
            valueFormat={DATE_FORMAT}
            value={startDate}
            onChange={setStartDate}
          />
          <DatePickerInput
            label="End Date"
            clearable
            valueFormat={DATE_FORMAT}
            value={endDate}
            onChange={setEndDate}
            error={datesBackwards ? 'The end date is before the start date.' : undefined}
          />
        </SimpleGrid>
        <div>
          <Title order={3} size="h5" mb="xs">
            Order lines
          </Title>
          {token.isFetched && <OrderPreview ticketId={ticketId} accessToken={token.data ?? null} />}
        </div>
        {signInNeeded && <NetsuiteSignIn what="create the sales order" />}
        {create.isError && (
          <Alert color="red" title="The sales order was not created">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={create.isPending}
            disabled={project === null || datesBackwards}
          >
            Submit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

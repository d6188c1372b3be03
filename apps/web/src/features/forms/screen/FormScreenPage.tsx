import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Ticket } from '@kelvin/contract';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { useIdParam } from '../../../shared/routing/useIdParam.ts';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { useTicketAccess } from '../../tickets/details/ticketAccess.ts';
import { useTicket } from '../../tickets/details/ticketQueries.ts';
import {
  useFormAttachments,
  useFormDefinition,
  useFormInstance,
  type FormInstanceKey,
} from '../formsQueries.ts';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { FormConflictDialog } from '../offline/FormConflictDialog.tsx';
import { FormDraftBanner } from '../offline/FormDraftBanner.tsx';
import { useFormDraft } from '../offline/useFormDraft.ts';
import { FormScreen, type OfflineFormSave } from './FormScreen.tsx';
import { useMetricBindings } from './useMetricBindings.ts';

/**
 * tickets/{ticketId}/forms/{formId}/{assetId}: the form screen of a ticket's form for one of its assets. The form is
 * shown at the version it was filled against (the latest when nothing was saved yet), read-only for users who may
 * not change the ticket.
 */
export function FormScreenPage() {
  const key: FormInstanceKey = {
    ticketId: useIdParam('ticketId'),
    formId: useIdParam('formId'),
    assetId: useIdParam('assetId'),
  };
  const ticket = useTicket(key.ticketId);
  if (ticket.isError) return null; // the ticket's frame says what went wrong
  if (ticket.isPending) return <Loading label="the ticket" />;
  return <FormOfTicket ticket={ticket.data} instanceKey={key} />;
}

function Loading({ label }: { label: string }) {
  return (
    <Center p="xl" role="status" aria-label={`Loading ${label}`}>
      <Loader size="sm" />
    </Center>
  );
}

function FormOfTicket({ ticket, instanceKey }: { ticket: Ticket; instanceKey: FormInstanceKey }) {
  const navigate = useNavigate();
  const access = useTicketAccess(ticket);
  const asset = ticket.assets.find((item) => item.assetId === instanceKey.assetId);
  const instance = useFormInstance(instanceKey);
  const version = instance.data ? instance.data.formVersion : null;
  const definition = useFormDefinition(instanceKey.formId, version, instance.isSuccess);
  const attachments = useFormAttachments(instanceKey);
  const timeZone = userTimeZone();
  const bindings = useMetricBindings(definition.data?.formElements, instanceKey.assetId, timeZone);
  const detailsPath = `/user/tickets/${ticket.ticketId}/details`;
  const me = useCurrentUser();
  const readOnly = !access.canEdit;
  const userId = me.data?.user.userId;
  const device = useFormDraft(instanceKey, userId);

  /** A save without a network joins what this form already waits with on the device. */
  const saveOnDevice = async (save: OfflineFormSave) => {
    if (userId === undefined || !definition.data) throw new Error('The form is not loaded yet');
    const previous = device.draft;
    await device.keepOnDevice({
      ...instanceKey,
      userId,
      formVersion: definition.data.version,
      baseValues: previous?.baseValues ?? instance.data?.formValues ?? [],
      values: save.values,
      workTimeSheet: [...(previous?.workTimeSheet ?? []), ...save.workTimeSheet],
      newAttachments: [
        ...(previous?.newAttachments ?? []),
        ...save.uploads.map((file) => ({ filename: file.name, contentType: file.type, file })),
      ],
      deletedAttachmentIds: [...new Set([...(previous?.deletedAttachmentIds ?? []), ...save.deletions])],
      savedAt: new Date().toISOString(),
    });
  };

  if (!asset) {
    return (
      <Stack gap="sm" maw={640}>
        <Alert color="gray" title="This asset is not on the ticket">
          Asset #{instanceKey.assetId} is not one of ticket #{ticket.ticketId}&apos;s assets, so it has no
          form here.
        </Alert>
        <Button component={Link} to={detailsPath} variant="light" style={{ alignSelf: 'flex-start' }}>
          Back to the ticket
        </Button>
      </Stack>
    );
  }
  if (instance.isError) {
    return (
      <QueryError label="the form's values" error={instance.error} onRetry={() => void instance.refetch()} />
    );
  }
  if (definition.isError) {
    return <QueryError label="the form" error={definition.error} onRetry={() => void definition.refetch()} />;
  }
  if (instance.isPending || definition.isPending) return <Loading label="the form" />;
  return (
    <Stack gap="xs">
      {definition.data.version !== definition.data.latestVersion && (
        <Text size="xs" c="dimmed">
          Filled against version {definition.data.version} of this form (the latest is{' '}
          {definition.data.latestVersion}).
        </Text>
      )}
      <FormDraftBanner state={device} timeZone={timeZone} />
      {device.conflicted && (
        <FormConflictDialog
          conflicts={device.conflicted.conflicts}
          elements={definition.data.formElements}
          serverUpdatedBy={device.conflicted.serverUpdatedBy}
          serverUpdatedAt={device.conflicted.serverUpdatedAt}
          timeZone={timeZone}
          sending={device.sending}
          onSend={(choices) => void device.send(choices)}
          onLater={device.postpone}
        />
      )}
      <FormScreen
        // Drawn again from the values it should start from: the device's while a draft waits, the server's after.
        key={`${instanceKey.formId}/${instanceKey.assetId}/${device.draft ? device.draft.savedAt : `server-${device.sentCount}`}`}
        deviceValues={device.draft?.values}
        onSaveOffline={readOnly ? undefined : saveOnDevice}
        form={definition.data}
        ticketId={ticket.ticketId}
        companyName={ticket.companyName}
        asset={{ assetId: asset.assetId, displayName: asset.displayName }}
        instance={instance.data}
        attachments={attachments.data}
        readOnly={readOnly}
        bindings={bindings}
        timeZone={timeZone}
        onClose={() => void navigate(detailsPath)}
      />
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { TICKET_TITLE_MAX, type TicketVisibility } from '@kelvin/contract';
import { assetDisplayName, isExternalUser, type CoreEnumName } from '@kelvin/domain';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { serverFieldErrors } from '../../../shared/api/serverFieldErrors.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { useAssets } from '../../assets/assetsQueries.ts';
import { useCoreEnumOptions } from '../coreEnumsQuery.ts';
import { ticketPath } from './ticketColumns.tsx';
import { useCreateTicket } from './ticketListQueries.ts';
import type { TicketCompany } from './ticketListText.ts';

export interface NewTicketDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The companies the user may open tickets for. */
  companies: readonly TicketCompany[];
  /** An asset's tab opens the dialog with its asset (and so its company) chosen. */
  asset?: { assetId: number; companyId: number };
}

/** Shown under the assets field when an external user has chosen none. */
export const ASSET_REQUIRED_MESSAGE = 'Choose at least one asset: you see a ticket through its assets.';

/** An enum's options without the 'universal' wildcard (-1), which no ticket takes. */
function useTicketEnumOptions(enumName: CoreEnumName) {
  return useCoreEnumOptions(enumName).filter((option) => option.value !== '-1');
}

/**
 * New ticket: company, title, description, type, priority, severity, assets of the company and, for provider
 * staff, visibility. Creating opens the new ticket's details. An external user needs at least one asset: they see a
 * ticket only through its assets in their access groups (the server refuses one without, naming body.assetIds).
 */
export function NewTicketDialog(props: NewTicketDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="New ticket"
      size="lg"
      fullScreen={phone}
      // The close button is an icon alone: it needs a name (axe: button-name).
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {props.opened && <NewTicketForm {...props} />}
    </Modal>
  );
}

function NewTicketForm({ onClose, companies, asset }: NewTicketDialogProps) {
  const navigate = useNavigate();
  const user = useCurrentUser().data?.user;
  const provider = user !== undefined && !isExternalUser(user);
  // Until the user is known, treated as external (as useTicketAccess does): asking for an asset is the safe side.
  const needsAsset = !provider;
  const create = useCreateTicket();
  const [companyId, setCompanyId] = useState<number | null>(
    asset?.companyId ??
      (companies.length === 1 ? (companies[0]?.companyId ?? null) : (user?.companyId ?? null)),
  );
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [typeValue, setTypeValue] = useState<string | null>('0');
  const [priorityValue, setPriorityValue] = useState<string | null>('1');
  const [severityValue, setSeverityValue] = useState<string | null>('0');
  const [assetIds, setAssetIds] = useState<string[]>(asset ? [String(asset.assetId)] : []);
  const [visibility, setVisibility] = useState<TicketVisibility>('INTERNAL');
  const [tried, setTried] = useState(false);
  const types = useTicketEnumOptions('ticketType');
  const priorities = useTicketEnumOptions('ticketPriority');
  const severities = useTicketEnumOptions('ticketSeverity');
  const assets = useAssets(companyId === null ? {} : { companyIds: [companyId] }, {
    enabled: companyId !== null,
  });
  const assetOptions = useMemo(
    () =>
      (assets.data ?? [])
        .filter((candidate) => !candidate.isDeleted && candidate.companyId === companyId)
        .map((candidate) => ({ value: String(candidate.assetId), label: assetDisplayName(candidate) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [assets.data, companyId],
  );
  const titleError = tried && title.trim() === '' ? 'Title is required' : undefined;
  const companyError = tried && companyId === null ? 'Choose the company the ticket is for' : undefined;
  const missingAsset = needsAsset && assetIds.length === 0;
  const serverAssetsError = create.isError ? serverFieldErrors(create.error).get('assetIds') : undefined;
  const assetsError = (tried && missingAsset ? ASSET_REQUIRED_MESSAGE : undefined) ?? serverAssetsError;

  function submit() {
    setTried(true);
    if (title.trim() === '' || companyId === null || missingAsset) return;
    const number = (value: string | null) => (value === null ? undefined : Number(value));
    create.mutate(
      {
        companyId,
        title: title.trim(),
        description,
        typeEnumValue: number(typeValue),
        priorityEnumValue: number(priorityValue),
        severityEnumValue: number(severityValue),
        assetIds: assetIds.map(Number),
        users: [],
        ...(provider ? { visibility } : {}),
      },
      {
        onSuccess: (ticket) => {
          onClose();
          void navigate(ticketPath(ticket.ticketId));
        },
      },
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Select
          label="Company"
          required
          searchable
          disabled={asset !== undefined}
          data={companies.map((company) => ({ value: String(company.companyId), label: company.name }))}
          value={companyId === null ? null : String(companyId)}
          onChange={(value) => {
            setCompanyId(value === null ? null : Number(value));
            setAssetIds([]);
          }}
          error={companyError}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Title"
          required
          maxLength={TICKET_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={titleError}
          data-autofocus
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select label="Type" data={types} value={typeValue} onChange={setTypeValue} allowDeselect={false} />
          <Select
            label="Priority"
            data={priorities}
            value={priorityValue}
            onChange={setPriorityValue}
            allowDeselect={false}
          />
          <Select
            label="Severity"
            data={severities}
            value={severityValue}
            onChange={setSeverityValue}
            allowDeselect={false}
          />
        </SimpleGrid>
        <MultiSelect
          label="Assets"
          required={needsAsset}
          description={companyId === null ? 'Choose the company first' : undefined}
          placeholder={assetIds.length === 0 ? 'Search the company’s assets' : undefined}
          searchable
          clearable
          disabled={companyId === null}
          data={assetOptions}
          value={assetIds}
          onChange={(value) => {
            setAssetIds(value);
            // A refusal of the former choice no longer applies to the new one.
            if (serverAssetsError !== undefined) create.reset();
          }}
          error={assetsError}
          nothingFoundMessage={assets.isPending ? 'Loading assets…' : 'No asset matches'}
          comboboxProps={{ withinPortal: true }}
        />
        {provider && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-ticket-visibility">
              Visibility
            </Text>
            <SegmentedControl
              aria-labelledby="new-ticket-visibility"
              value={visibility}
              onChange={(value) => setVisibility(value === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL')}
              data={[
                { value: 'INTERNAL', label: 'Internal' },
                { value: 'EXTERNAL', label: 'External' },
              ]}
            />
            <Text size="xs" c="dimmed">
              {visibility === 'INTERNAL'
                ? 'Only your staff see an internal ticket.'
                : 'The customer’s users see an external ticket too.'}
            </Text>
          </Stack>
        )}
        {create.isError && serverAssetsError === undefined && (
          <Alert color="red" title="The ticket was not created" role="alert">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

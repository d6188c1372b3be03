import { useMemo } from 'react';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Ticket } from '@kelvin/contract';
import { formStatus } from '@kelvin/domain';
import { EmptyState, QueryError } from '../../../shared/ui/QueryState.tsx';
import { useOfferedForms, useTicketFormMetadata } from '../../forms/formsQueries.ts';
import { FORM_STATUS_COLOURS, formScreenPath } from '../../forms/screen/formScreenPath.ts';
import { DetailsCard } from './DetailsCard.tsx';

/** Core enum ticketType value of a form offered on every type. */
const UNIVERSAL_TICKET_TYPE = -1;

/**
 * The ticket's checklists: each form offered on its type (or already filled on it), once per asset of the ticket,
 * with its status ('Available', 'In progress', 'Completed'); each opens the form screen for that asset.
 */
export function TicketForms({ ticket }: { ticket: Ticket }) {
  const offered = useOfferedForms(ticket.companyId);
  const metadata = useTicketFormMetadata(ticket.ticketId);
  const forms = useMemo(() => {
    const filled = new Set((metadata.data?.content ?? []).map((item) => item.formId));
    return (offered.data?.content ?? []).filter(
      (form) =>
        filled.has(form.formId) ||
        form.ticketTypeValues.includes(UNIVERSAL_TICKET_TYPE) ||
        form.ticketTypeValues.includes(ticket.typeEnumValue),
    );
  }, [offered.data, metadata.data, ticket.typeEnumValue]);
  const statusOf = (formId: number, assetId: number) =>
    formStatus(metadata.data?.content.find((item) => item.formId === formId && item.assetId === assetId));

  const failed = offered.error ?? metadata.error;
  return (
    <DetailsCard title="Forms" tour="ticket-forms">
      {failed ? (
        <QueryError
          label="the ticket's forms"
          error={failed}
          onRetry={() => void Promise.all([offered.refetch(), metadata.refetch()])}
        />
      ) : offered.isPending || metadata.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Loading the forms…
        </Text>
      ) : ticket.assets.length === 0 ? (
        <EmptyState>Forms are filled per asset: add an asset to the ticket to fill its forms.</EmptyState>
      ) : forms.length === 0 ? (
        <EmptyState>No form is offered on this type of ticket.</EmptyState>
      ) : (
        <Stack gap="sm">
          {ticket.assets.map((asset) => (
            <Stack
              key={asset.assetId}
              gap={4}
              component="section"
              aria-label={`Forms of ${asset.displayName}`}
            >
              {ticket.assets.length > 1 && (
                <Text size="xs" c="dimmed" fw={600} tt="uppercase" truncate>
                  {asset.displayName}
                </Text>
              )}
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {forms.map((form) => {
                  const status = statusOf(form.formId, asset.assetId);
                  return (
                    <Group key={form.formId} component="li" gap="xs" wrap="nowrap" justify="space-between">
                      <Anchor
                        component={Link}
                        to={formScreenPath(ticket.ticketId, form.formId, asset.assetId)}
                        size="sm"
                        truncate
                        aria-label={`${form.label} for ${asset.displayName}: ${status}`}
                      >
                        <Group component="span" gap={6} wrap="nowrap">
                          <IconChecklist size={14} aria-hidden />
                          {form.label}
                        </Group>
                      </Anchor>
                      <Badge
                        variant="light"
                        size="sm"
                        color={FORM_STATUS_COLOURS[status]}
                        style={{ flexShrink: 0 }}
                      >
                        {status}
                      </Badge>
                    </Group>
                  );
                })}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </DetailsCard>
  );
}

import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';

/** What the frame reads of the panel's list query. */
export interface TicketPanelQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The frame of a ticket's list panels (comments, attachments, parts and services, time): a section named by its
 * heading, with a count or an action beside it; then the failed load with a retry, the empty text once the list is
 * known to be empty, or the panel's content. `notice` stands between the heading and the list, `footer` after it.
 */
export function TicketPanelFrame({
  titleId,
  title,
  action,
  button,
  notice,
  query,
  errorTitle,
  items,
  empty,
  loading,
  footer,
  children,
}: {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  /** Beside the heading, e.g. the total; `button` is the usual case of one. */
  action?: ReactNode;
  /** The panel's button beside the heading (upload, add); false or left out: none, e.g. for who may not change it. */
  button?: { label: string; icon: ReactNode; onClick: () => void } | false;
  notice?: ReactNode;
  query: TicketPanelQuery;
  /** The failed load's title, e.g. 'Attachments could not be loaded'. */
  errorTitle: string;
  /** The loaded list (undefined while it loads): once it is known to be empty, `empty` stands for it. */
  items: readonly unknown[] | undefined;
  empty: ReactNode;
  /** Shown while the list loads; left out, the content shows its own placeholders (a table its skeleton rows). */
  loading?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {action}
        {button && (
          <Button size="xs" leftSection={button.icon} onClick={button.onClick}>
            {button.label}
          </Button>
        )}
      </Group>
      {notice}
      {loading !== undefined && query.isPending ? (
        loading
      ) : query.isError ? (
        <Alert color="red" role="alert" title={errorTitle}>
          <Group justify="space-between">
            <span>{errorMessage(query.error)}</span>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : items?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
      {footer}
    </Stack>
  );
}

/** A named column of a panel's table. */
export interface TicketPanelColumn {
  label: string;
  align?: 'right';
  visibleFrom?: 'sm';
}

/**
 * A panel's table: its column headers, a last unnamed column for the row actions, and the rows, or two rows of
 * skeleton cells under the real headers while they load (`rows` undefined).
 */
export function TicketPanelTable({
  label,
  headers,
  actionsWidth,
  rows,
  scroll = false,
}: {
  label: string;
  /** The named columns: their headers, right-aligned for numbers, or shown only from a width on (`visibleFrom`). */
  headers: readonly TicketPanelColumn[];
  actionsWidth: number;
  rows: ReactNode[] | undefined;
  /** Scrolls sideways inside a narrow column instead of overflowing it. */
  scroll?: boolean;
}) {
  const columns = headers.length + 1;
  const table = (
    <Table verticalSpacing="xs" aria-label={label} aria-busy={rows === undefined}>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header) => (
            <Table.Th
              key={header.label}
              {...(header.align ? { ta: header.align } : {})}
              {...(header.visibleFrom ? { visibleFrom: header.visibleFrom } : {})}
            >
              {header.label}
            </Table.Th>
          ))}
          <Table.Th w={actionsWidth}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows ??
          [0, 1].map((row) => (
            <Table.Tr key={row}>
              {Array.from({ length: columns }, (_, cell) => (
                <Table.Td key={cell}>
                  <Skeleton height={12} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
  return scroll ? <Table.ScrollContainer minWidth={0}>{table}</Table.ScrollContainer> : table;
}

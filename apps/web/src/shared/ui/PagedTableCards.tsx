import type { ReactNode } from 'react';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';

/** What a card needs of a column: its header and how it draws a row's cell. */
export interface CardColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
}

const PLACEHOLDER_CARDS = 3;

/**
 * On a phone the rows as cards, each cell under its header; a header that names nothing visible (actions) is left
 * out. A caller's own card (the few fields that matter) replaces the cells.
 */
export function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  card,
}: {
  label: string;
  columns: readonly CardColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  card?: (row: Row) => ReactNode;
}) {
  if (rows === undefined)
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <Skeleton key={index} height={96} radius="md" />
        ))}
      </Stack>
    );
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {rows.map((row) => (
        <Paper key={rowKey(row)} withBorder p="sm" role="listitem">
          {card ? (
            card(row)
          ) : (
            <Stack gap={6}>
              {columns.map((column) => (
                <div key={column.key}>
                  {typeof column.header === 'string' && (
                    <Text size="xs" c="dimmed" fw={500}>
                      {column.header}
                    </Text>
                  )}
                  {column.cell(row)}
                </div>
              ))}
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

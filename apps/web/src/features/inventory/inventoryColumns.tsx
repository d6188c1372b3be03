import type { ReactNode } from 'react';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PagedTableColumn } from '../../shared/ui/PagedTable.tsx';
import { formatInventoryMoney, formatInventoryQuantity } from './inventoryFormat.ts';

/** A row of either tab as the server answered it: the cost fields are absent for external users. */
export interface InventoryRow {
  id: number;
  itemId: string;
  displayName: string | null;
  mpn?: string | null;
  manufacturer?: string | null;
  weightUnits?: string | null;
  basePrice: number | null;
  totalQuantityOnHand?: number | null;
  costEstimate?: number | null;
  averageCost?: number | null;
  lastPurchasePrice?: number | null;
}

const text = (value: string | null | undefined): ReactNode => <Text size="sm">{value ?? ''}</Text>;

/** A number column: header and cells right-aligned, so digits line up. */
function numberColumn(
  key: string,
  title: string,
  value: (row: InventoryRow) => string,
  width = 130,
): PagedTableColumn<InventoryRow> {
  return {
    key,
    title,
    header: (
      <Text component="span" size="sm" fw={700} display="block" ta="right">
        {title}
      </Text>
    ),
    width,
    cell: (row) => (
      <Text size="sm" ta="right" ff="monospace">
        {value(row)}
      </Text>
    ),
  };
}

const itemColumns: PagedTableColumn<InventoryRow>[] = [
  { key: 'itemId', header: 'Item', width: 140, cell: (row) => text(row.itemId) },
  { key: 'displayName', header: 'Name', cell: (row) => text(row.displayName) },
];

const costColumns: PagedTableColumn<InventoryRow>[] = [
  numberColumn('costEstimate', 'Estimated Cost', (row) => formatInventoryMoney(row.costEstimate)),
  numberColumn('averageCost', 'Average Cost', (row) => formatInventoryMoney(row.averageCost)),
  numberColumn(
    'lastPurchasePrice',
    'Last Purchase Price',
    (row) => formatInventoryMoney(row.lastPurchasePrice),
    160,
  ),
];

const salesPrice = numberColumn('basePrice', 'Sales Price', (row) => formatInventoryMoney(row.basePrice));

/** Spec 2: the Parts tab; external users get no Quantity, Estimated Cost, Average Cost or Last Purchase Price. */
export function partColumns(external: boolean): PagedTableColumn<InventoryRow>[] {
  return [
    ...itemColumns,
    { key: 'mpn', header: 'MPN', width: 150, cell: (row) => text(row.mpn) },
    { key: 'manufacturer', header: 'Manufacturer', width: 150, cell: (row) => text(row.manufacturer) },
    { key: 'weightUnits', header: 'Units', width: 80, cell: (row) => text(row.weightUnits) },
    ...(external
      ? []
      : [
          numberColumn(
            'totalQuantityOnHand',
            'Quantity',
            (row) => formatInventoryQuantity(row.totalQuantityOnHand),
            110,
          ),
        ]),
    salesPrice,
    ...(external ? [] : costColumns),
  ];
}

/** Spec 2: the Services tab; external users get no Estimated Cost, Average Cost or Last Purchase Price. */
export function serviceColumns(external: boolean): PagedTableColumn<InventoryRow>[] {
  return [...itemColumns, salesPrice, ...(external ? [] : costColumns)];
}

/** A labelled number on a phone's card: label on the left, the number right-aligned. */
function CardNumber({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace" ta="right">
        {value === '' ? '—' : value}
      </Text>
    </Group>
  );
}

/** A row on a phone: item and name on top, maker and MPN below, then the prices and (for staff) stock and costs. */
export function InventoryCard({ row, external }: { row: InventoryRow; external: boolean }) {
  const maker = [row.manufacturer, row.mpn].filter((part) => part !== null && part !== undefined).join(' · ');
  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw={600}>
          {row.displayName ?? row.itemId}
        </Text>
        <Text size="xs" c="dimmed">
          {row.itemId}
          {maker === '' ? '' : ` · ${maker}`}
        </Text>
      </div>
      <SimpleGrid cols={external ? 1 : 2} spacing="xs" verticalSpacing={2}>
        <CardNumber label="Sales Price" value={formatInventoryMoney(row.basePrice)} />
        {!external && row.totalQuantityOnHand !== undefined && (
          <CardNumber label="Quantity" value={formatInventoryQuantity(row.totalQuantityOnHand)} />
        )}
        {!external && <CardNumber label="Estimated Cost" value={formatInventoryMoney(row.costEstimate)} />}
        {!external && <CardNumber label="Average Cost" value={formatInventoryMoney(row.averageCost)} />}
        {!external && (
          <CardNumber label="Last Purchase Price" value={formatInventoryMoney(row.lastPurchasePrice)} />
        )}
      </SimpleGrid>
    </Stack>
  );
}

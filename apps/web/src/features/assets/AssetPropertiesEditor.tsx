import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Asset, AssetProperty } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useAssetProperties, usePutAssetProperties } from './assetsQueries.ts';
import { propertyListProblems, type PropertyRow } from './propertyRows.ts';

/** The property list of an asset; loads it, then edits a copy. */
export function AssetPropertiesTab({ asset }: { asset: Asset }) {
  const properties = useAssetProperties(asset.assetId);
  const canEdit = usePermissionScope().forCompany('assets:write', asset.companyId);
  return (
    <QueryState query={properties} label="the properties">
      {(list) => (
        // A save answers the new list; remounting on it resets the draft to what the server kept.
        <PropertiesEditor key={JSON.stringify(list)} assetId={asset.assetId} saved={list} canEdit={canEdit} />
      )}
    </QueryState>
  );
}

let nextRowId = 1;
const toRow = (property: Pick<AssetProperty, 'name' | 'value'>): PropertyRow => ({
  rowId: nextRowId++,
  name: property.name,
  value: property.value,
});

/** Add, edit, remove and reorder; Save sends the whole list (spec: PUT replaces the set). */
function PropertiesEditor({
  assetId,
  saved,
  canEdit,
}: {
  assetId: number;
  saved: readonly AssetProperty[];
  canEdit: boolean;
}) {
  const put = usePutAssetProperties(assetId);
  const [rows, setRows] = useState<PropertyRow[]>(() => saved.map(toRow));
  const [problems, setProblems] = useState<ReturnType<typeof propertyListProblems>>({ rows: {}, form: null });
  const [serverError, setServerError] = useState<string | null>(null);

  const update = (rowId: number, change: Partial<PropertyRow>) =>
    setRows((current) => current.map((row) => (row.rowId === rowId ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });

  function handleSave() {
    const found = propertyListProblems(rows);
    setProblems(found);
    setServerError(null);
    if (found.form !== null || Object.keys(found.rows).length > 0) return;
    const body = rows.map((row, index) => ({ name: row.name.trim(), value: row.value, displayOrder: index }));
    put
      .mutateAsync(body)
      .then(() => toastsFor('Properties saved').onSuccess(), failWithToast)
      .catch((error: unknown) => {
        setServerError(errorMessage(error));
      });
  }

  if (!canEdit) {
    return rows.length === 0 ? (
      <EmptyState>This asset has no properties.</EmptyState>
    ) : (
      <Table striped aria-label="Properties">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.rowId}>
              <Table.Th>{row.name}</Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack>
      {rows.length === 0 && <EmptyState>This asset has no properties.</EmptyState>}
      {rows.map((row, index) => (
        <Group key={row.rowId} align="flex-start" wrap="nowrap">
          <TextInput
            label={`Property ${index + 1} name`}
            value={row.name}
            onChange={(event) => update(row.rowId, { name: event.currentTarget.value })}
            error={problems.rows[row.rowId]?.name}
            style={{ flex: 1 }}
          />
          <TextInput
            label={`Property ${index + 1} value`}
            value={row.value}
            onChange={(event) => update(row.rowId, { value: event.currentTarget.value })}
            error={problems.rows[row.rowId]?.value}
            style={{ flex: 2 }}
          />
          <Group gap={4} mt={26} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label={`Move property ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={`Move property ${index + 1} down`}
              disabled={index === rows.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              color="red"
              variant="light"
              aria-label={`Remove property ${index + 1}`}
              onClick={() => setRows((current) => current.filter((other) => other.rowId !== row.rowId))}
            >
              ×
            </ActionIcon>
          </Group>
        </Group>
      ))}
      {problems.form !== null && (
        <Text c="red" size="sm" role="alert">
          {problems.form}
        </Text>
      )}
      {serverError !== null && (
        <Alert color="red" title="Not saved" role="alert">
          {serverError}
        </Alert>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => setRows((current) => [...current, toRow({ name: '', value: '' })])}
        >
          Add property
        </Button>
        <Button onClick={handleSave} loading={put.isPending}>
          Save properties
        </Button>
      </Group>
    </Stack>
  );
}

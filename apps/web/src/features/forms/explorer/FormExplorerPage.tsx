import { useMemo, useState } from 'react';
import { Button, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFilterOff } from '@tabler/icons-react';
import { PagedTable, pageRange, type SetFilterDef } from '../../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { useTicketCompanies } from '../../tickets/list/useTicketCompanies.ts';
import { FormInstanceCard, formExplorerColumns } from './formExplorerColumns.tsx';
import {
  FORM_EXPLORER_PAGE_SIZE,
  formInstanceKey,
  useFormInstances,
  type FormInstanceFilter,
  type FormInstanceRow,
} from './formExplorerQueries.ts';
import { parseCompanyIds, timeWindowOf, useFormExplorerState } from './formExplorerState.ts';
import { FormPreviewDialog } from './FormPreviewDialog.tsx';
import { SelectAllToggle } from './SelectAllToggle.tsx';
import { useExportSelected } from './useExportSelected.ts';
import { useFormSelection } from './useFormSelection.ts';

/** Route tickets/formExplorer (spec section 2): every filled ticket form the user may see, to preview and export. */
export function FormExplorerPage() {
  const [state, setState] = useFormExplorerState();
  const [preview, setPreview] = useState<FormInstanceRow | null>(null);
  const companies = useTicketCompanies();
  const selection = useFormSelection();
  const filter = useMemo<FormInstanceFilter>(() => {
    const timeWindow = timeWindowOf(state.from, state.to);
    return {
      ...(state.companyIds ? { companyIds: state.companyIds } : {}),
      ...(timeWindow ? { timeWindow } : {}),
    };
  }, [state.companyIds, state.from, state.to]);
  // Spec (set filter): no company chosen matches no row; the page says so rather than asking the server.
  const noCompany = state.companyIds !== null && state.companyIds.length === 0;
  const list = useFormInstances(filter, state.page, state.sort, !noCompany);
  const exporter = useExportSelected();
  const totalSize = noCompany ? 0 : list.data?.pageable.totalSize;
  const filtered = state.companyIds !== null || state.from !== '' || state.to !== '';
  const rangeBackwards = state.from !== '' && state.to !== '' && filter.timeWindow === undefined;

  const companyIds = companies.map((company) => company.companyId);
  const companyFilter: SetFilterDef | undefined =
    companies.length < 2
      ? undefined
      : {
          options: companies.map((company) => ({ value: String(company.companyId), label: company.name })),
          selected: (state.companyIds ?? companyIds).map(String),
          onChange: (selected) => {
            const ids = parseCompanyIds(selected);
            setState({ companyIds: ids.length === companyIds.length ? null : ids });
          },
        };
  const columnOptions = {
    isSelected: selection.isSelected,
    onToggle: selection.toggle,
    onPreview: setPreview,
    companyFilter,
  };
  const columns = formExplorerColumns(columnOptions);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>Form explorer</Title>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {selection.rows.length === 0 ? 'No forms selected' : `${selection.rows.length} selected`}
          </Text>
          <SelectAllToggle
            filter={filter}
            sort={state.sort}
            totalSize={totalSize}
            selection={selection}
            disabled={noCompany}
          />
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                leftSection={<IconDownload size={16} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
                disabled={selection.rows.length === 0}
                loading={exporter.running}
              >
                Export all
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => exporter.toExcel(selection.rows)}>
                Excel workbook (a sheet per form)
              </Menu.Item>
              <Menu.Item onClick={() => exporter.attachments(selection.rows)}>Attachments (zip)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label="Filters">
        <TextInput
          label="From"
          type="date"
          value={state.from}
          onChange={(event) => setState({ from: event.currentTarget.value })}
          w={{ base: '48%', sm: 170 }}
        />
        <TextInput
          label="To"
          type="date"
          value={state.to}
          onChange={(event) => setState({ to: event.currentTarget.value })}
          error={rangeBackwards ? 'Ends before From: no date filter' : undefined}
          w={{ base: '48%', sm: 170 }}
        />
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => setState({ companyIds: null, from: '', to: '' })}
          >
            Clear filters
          </Button>
        )}
      </Group>

      {list.isError && <QueryError label="forms" error={list.error} onRetry={() => void list.refetch()} />}
      <PagedTable
        label="Forms"
        columns={columns}
        rows={noCompany || list.isError ? [] : list.data?.content}
        rowKey={formInstanceKey}
        totalSize={totalSize}
        pageSize={FORM_EXPLORER_PAGE_SIZE}
        pageNumber={state.page}
        onPageChange={(page) => setState({ page })}
        // With no company chosen nothing is asked: the previous page kept as a placeholder is not a load under way.
        fetching={!noCompany && list.isPlaceholderData}
        sort={state.sort}
        onSortChange={(sort) => setState({ sort })}
        countLabel={(n) => pageRange(state.page, FORM_EXPLORER_PAGE_SIZE, n)}
        fixedLayout
        cardsBelow="48em"
        card={(row) => <FormInstanceCard row={row} options={columnOptions} />}
        columnsKey="formExplorer"
        empty={
          noCompany
            ? 'No company is chosen in the Company filter. Choose one to see its forms.'
            : filtered
              ? 'No forms match the filters. Clear the filters to see every form.'
              : 'No forms have been filled in yet. Open a ticket, fill in a form for one of its assets and save it: it shows here.'
        }
      />
      <FormPreviewDialog row={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

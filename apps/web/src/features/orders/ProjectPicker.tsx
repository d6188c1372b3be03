import { useState } from 'react';
import { Radio, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { PROJECT_SEARCH_PAGE_SIZE, type NetsuiteProject } from '@kelvin/contract';
import { PagedTable, pageRange } from '../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useProjects } from './ordersQueries.ts';

/** Spec: the project search waits this long after the last keystroke. */
export const PROJECT_SEARCH_DEBOUNCE_MS = 400;

/**
 * The Process dialog's project grid (spec 2): ID and Project Name ('Parent : Name'), a 'Search Text' box debounced
 * 400 ms, 20 rows a page from NetSuite, one project selected.
 */
export function ProjectPicker({
  selected,
  onSelect,
}: {
  selected: NetsuiteProject | null;
  onSelect: (project: NetsuiteProject) => void;
}) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), PROJECT_SEARCH_DEBOUNCE_MS);
  const [pageNumber, setPageNumber] = useState(0);
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setPageNumber(0);
  }
  const projects = useProjects(search, pageNumber);
  return (
    <Stack gap="xs">
      <TextInput
        label="Search Text"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder="Customer, parent or project name"
      />
      {projects.isError && (
        <QueryError
          label="NetSuite projects"
          error={projects.error}
          onRetry={() => void projects.refetch()}
        />
      )}
      <Radio.Group
        value={selected === null ? null : String(selected.id)}
        onChange={(value) => {
          const project = projects.data?.items.find((each) => String(each.id) === value);
          if (project) onSelect(project);
        }}
        aria-label="Project"
      >
        <PagedTable
          label="NetSuite projects"
          columns={[
            {
              key: 'select',
              header: '',
              title: 'Select',
              width: 44,
              hideable: false,
              cell: (row) => <Radio value={String(row.id)} aria-label={`Select project ${row.name}`} />,
            },
            { key: 'id', header: 'ID', width: 90, cell: (row) => row.id },
            { key: 'name', header: 'Project Name', cell: (row) => row.name },
          ]}
          rows={projects.isError ? [] : projects.data?.items}
          rowKey={(row) => row.id}
          totalSize={projects.data?.totalResults}
          pageSize={PROJECT_SEARCH_PAGE_SIZE}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          fetching={projects.isPlaceholderData}
          countLabel={(n) => pageRange(pageNumber, PROJECT_SEARCH_PAGE_SIZE, n)}
          empty={
            search === '' ? 'NetSuite has no projects.' : `No project matches '${search}'. Try another name.`
          }
        />
      </Radio.Group>
    </Stack>
  );
}

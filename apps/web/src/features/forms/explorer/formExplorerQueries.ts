import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FORM_INSTANCE_PAGE_SIZE, PAGE_SIZE_MAX, type OutputOf } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import type { PagedTableSort } from '../../../shared/ui/PagedTable.tsx';

export type FormInstanceRow = OutputOf<typeof contract.formsListInstances>['content'][number];

/** The explorer's filter as the call takes it (spec getFormInstances): ticket forms, companies, a time window. */
export interface FormInstanceFilter {
  /** undefined: every company the user may see. */
  companyIds?: number[];
  timeWindow?: { from: string; to: string };
}

export const FORM_EXPLORER_PAGE_SIZE = FORM_INSTANCE_PAGE_SIZE;

/** The explorer's queries; the form screen's live under features/forms/formsQueries.ts. */
export const formExplorerKey = ['forms', 'explorer'] as const;

/** A row's key within the explorer: a form is filled once per asset of a ticket. */
export const formInstanceKey = (row: FormInstanceRow) => `${row.formId}:${row.entityId}:${row.assetId}`;

function listInstances(
  filter: FormInstanceFilter,
  pageNumber: number,
  pageSize: number,
  sort: PagedTableSort,
  signal?: AbortSignal,
) {
  return apiCall(contract.formsListInstances, {
    body: {
      formInstanceKeys: [{ entityType: 'TICKET' }],
      ...(filter.companyIds ? { companyIds: filter.companyIds } : {}),
      ...(filter.timeWindow ? { timeWindow: filter.timeWindow } : {}),
      pageableQuery: { type: 'PAGED', pageSize, pageNumber, sort: [sort] },
    },
    signal,
  });
}

/** One server page of the filled ticket forms the filter matches; not asked while `enabled` is false. */
export function useFormInstances(
  filter: FormInstanceFilter,
  pageNumber: number,
  sort: PagedTableSort,
  enabled = true,
) {
  return useQuery({
    queryKey: [...formExplorerKey, 'list', filter, pageNumber, sort],
    enabled,
    queryFn: ({ signal }) => listInstances(filter, pageNumber, FORM_EXPLORER_PAGE_SIZE, sort, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every row the filter matches, page by page at the largest page the server gives: what 'Select All' selects,
 * across the pages of the grid. Stops at `limit` rows.
 */
export async function fetchAllFormInstances(
  filter: FormInstanceFilter,
  sort: PagedTableSort,
  limit: number,
  signal?: AbortSignal,
): Promise<FormInstanceRow[]> {
  const rows: FormInstanceRow[] = [];
  for (let page = 0; rows.length < limit; page += 1) {
    const answer = await listInstances(filter, page, PAGE_SIZE_MAX, sort, signal);
    rows.push(...answer.content);
    if (answer.content.length < PAGE_SIZE_MAX || rows.length >= answer.pageable.totalSize) break;
  }
  return rows.slice(0, limit);
}

/** The values of one filled form and the definition at the version it was filled against, for the preview. */
export function useFormInstanceDetail(row: FormInstanceRow | null) {
  return useQuery({
    queryKey: [...formExplorerKey, 'detail', row ? formInstanceKey(row) : null, row?.formVersion ?? null],
    enabled: row !== null,
    queryFn: ({ signal }) => {
      if (!row) throw new Error('No form chosen');
      return fetchFormInstanceDetail(row, signal);
    },
  });
}

function fetchFormDefinition(formId: number, version: number, signal?: AbortSignal) {
  return apiCall(contract.formDefinitionsGet, { body: { formId, version }, signal });
}

type FormDefinitionAnswer = Awaited<ReturnType<typeof fetchFormDefinition>>;

/**
 * Definitions by form and version for one bulk export: the forms of a fleet share a few checklists, so 1,000
 * forms ask for a handful of definitions rather than 1,000.
 */
export function definitionCache() {
  const known = new Map<string, Promise<FormDefinitionAnswer>>();
  return (formId: number, version: number, signal?: AbortSignal) => {
    const key = `${formId}:${version}`;
    let answer = known.get(key);
    if (!answer) {
      answer = fetchFormDefinition(formId, version, signal);
      // A failed read is asked again for the next form rather than failing every form of that checklist.
      answer.catch(() => known.delete(key));
      known.set(key, answer);
    }
    return answer;
  };
}

/** A filled form's definition (at its version) and values, as the preview and the exports need. */
export async function fetchFormInstanceDetail(
  row: FormInstanceRow,
  signal?: AbortSignal,
  definitionOf: typeof fetchFormDefinition = fetchFormDefinition,
) {
  const key = { entityType: 'TICKET' as const, entityId: row.entityId };
  const [definition, values] = await Promise.all([
    definitionOf(row.formId, row.formVersion, signal),
    apiCall(contract.formsListValues, {
      body: { ...key, formIds: [row.formId], assetIds: [row.assetId] },
      signal,
    }),
  ]);
  const instance = values.content.find(
    (candidate) => candidate.formId === row.formId && candidate.assetId === row.assetId,
  );
  return { definition, values: instance?.formValues ?? [], metadata: instance ?? null };
}

export type FormInstanceDetail = Awaited<ReturnType<typeof fetchFormInstanceDetail>>;

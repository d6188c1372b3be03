import { useState } from 'react';
import { contract } from '../../../shared/api/endpoints.ts';
import { notify } from '../../../app/toasts/toasts.ts';
import { apiCall } from '../../../shared/api/index.ts';
import {
  downloadFormsAttachments,
  exportFormsToExcel,
  type BulkExportResult,
  type FormAttachmentsSource,
  type FormExportSource,
} from '../export/formExport.ts';
import { definitionCache, fetchFormInstanceDetail, type FormInstanceRow } from './formExplorerQueries.ts';

/**
 * A form of the explorer as the workbook needs it: its definition at its version (each read once per export),
 * values, ticket and company.
 */
async function loadExportSource(
  row: FormInstanceRow,
  signal: AbortSignal,
  definitionOf: ReturnType<typeof definitionCache>,
): Promise<FormExportSource> {
  const detail = await fetchFormInstanceDetail(row, signal, definitionOf);
  return {
    form: detail.definition,
    values: detail.values,
    ticketId: row.entityId,
    companyName: row.companyName,
    performedBy: detail.metadata
      ? { name: detail.metadata.updatedByName, date: detail.metadata.updatedAt }
      : null,
  };
}

/** A form's attachments, in a folder of its own: ticket, form and asset (a form is filled once per asset). */
async function loadAttachments(row: FormInstanceRow, signal: AbortSignal): Promise<FormAttachmentsSource> {
  const answer = await apiCall(contract.formsListAttachments, {
    body: { entityType: 'TICKET', entityId: row.entityId, formIds: [row.formId], assetIds: [row.assetId] },
    signal,
  });
  return { folder: `${row.entityId} - ${row.formLabel} - ${row.assetName}`, attachments: answer.content };
}

function reportDone(result: BulkExportResult | null, what: string) {
  if (!result) return;
  const left = result.skipped > 0 ? ` ${result.skipped} could not be read and were left out.` : '';
  notify({ kind: 'success', message: `Exported ${result.written} ${what}.${left}` });
}

/** 'Export all' of the explorer: the selected forms as one workbook (a sheet per form) or a zip of their files. */
export function useExportSelected() {
  const [running, setRunning] = useState(false);
  const run = (task: () => Promise<BulkExportResult | null>, what: string) => {
    setRunning(true);
    void task()
      .then((result) => reportDone(result, what))
      .finally(() => setRunning(false));
  };
  return {
    running,
    toExcel: (rows: readonly FormInstanceRow[]) =>
      run(
        () => {
          const definitionOf = definitionCache();
          return exportFormsToExcel(rows, (row, signal) => loadExportSource(row, signal, definitionOf));
        },
        rows.length === 1 ? 'form' : 'forms',
      ),
    attachments: (rows: readonly FormInstanceRow[]) =>
      run(() => downloadFormsAttachments(rows, loadAttachments), 'attachments'),
  };
}

/**
 * The form exports the form screen and the form explorer call (spec section 9, Excel export; issue 23 item 7):
 * a form, or many, as an Excel workbook of one sheet per form, and their attachments as one streamed zip. Each
 * long export runs under a progress notice with Cancel; what fails is said in a toast, and a form or file that
 * fails inside a bulk export is only logged and left out (spec: bulk export errors are only logged).
 */
import { saveFile } from '../../../shared/export/spreadsheetExport.ts';
import { runWithProgress, type ReportProgress } from './exportProgress.tsx';
import { formAttachmentsZipName } from '@kelvin/domain';
import { formLayoutOf, type FormExportSource } from './formExportSource.ts';
import { signedFormAttachmentUrl } from './signedAttachmentUrl.ts';
import { writeFormsWorkbook, XLSX_TYPE } from './formWorkbookFile.ts';
import { streamZip, type ZipEntrySource } from './zipStream.ts';

export type { FormExportSource } from './formExportSource.ts';

/** What a zip needs of a form attachment (the contract's FormAttachment has these among others). */
export interface FormAttachmentRef {
  formAttachmentId: number;
  filename: string;
  fileSizeInBytes: number;
}

/** A signed, time-limited download address of an attachment (entities.forms.getAttachmentS3SignedUrl). */
export type SignedUrlOf = (attachment: FormAttachmentRef, signal: AbortSignal) => Promise<string>;

/** One form's attachments, and the folder they go in when many forms share a zip ('' for the zip's root). */
export interface FormAttachmentsSource {
  folder: string;
  attachments: readonly FormAttachmentRef[];
}

/** How a bulk export ended: forms (or files) written and those left out. */
export interface BulkExportResult {
  written: number;
  skipped: number;
}

/** Spec: the workbook's file is titled 'ticketId:formLabel'; the saved name uses ' - ', which every system allows. */
const workbookFileName = (source: FormExportSource) =>
  `${formAttachmentsZipName(source.ticketId, source.form.label).replace(/\.zip$/, '')}.xlsx`;

/**
 * Exports one filled form to Excel (the form screen's 'Export to Excel'): one sheet named by the ticket id (or
 * 'Downloaded Form'), titled 'ticketId:formLabel', saved as 'ticketId - formLabel.xlsx'. Resolves once the file
 * is handed to the browser; rejects with the reason when it could not be written.
 */
export async function exportFormToExcel(source: FormExportSource): Promise<void> {
  const layout = formLayoutOf(source);
  const bytes = await writeFormsWorkbook([layout], layout.title);
  saveFile(new Blob([bytes], { type: XLSX_TYPE }), workbookFileName(source));
}

/**
 * Exports many filled forms into one workbook, a sheet per form, under a progress notice with Cancel (the form
 * explorer's 'Export all'). `load` reads each item's form, values and ticket; one that fails is logged and left
 * out. Resolves to what was written, or null when cancelled, failed (a toast says why) or nothing could be read.
 */
export async function exportFormsToExcel<T>(
  items: readonly T[],
  load: (item: T, signal: AbortSignal) => Promise<FormExportSource>,
  fileName = `Forms ${new Date().toISOString().slice(0, 10)}.xlsx`,
): Promise<BulkExportResult | null> {
  return runWithProgress('Export to Excel', async (report, signal) => {
    const sources = await loadEach(items, load, report, signal);
    if (sources.length === 0) throw new Error('None of the selected forms could be read.');
    report({ fraction: null, text: `Writing ${sources.length} sheets…` });
    const now = Date.now();
    const layouts = sources.map((source) => formLayoutOf(source, now));
    const title = layouts.length === 1 && layouts[0] ? layouts[0].title : fileName.replace(/\.xlsx$/, '');
    const bytes = await writeFormsWorkbook(layouts, title);
    signal.throwIfAborted();
    saveFile(new Blob([bytes], { type: XLSX_TYPE }), fileName);
    return { written: sources.length, skipped: items.length - sources.length };
  });
}

/** Each item loaded in turn (one request at a time, so a large export does not flood the server). */
async function loadEach<T, R>(
  items: readonly T[],
  load: (item: T, signal: AbortSignal) => Promise<R>,
  report: ReportProgress,
  signal: AbortSignal,
): Promise<R[]> {
  const loaded: R[] = [];
  for (const [index, item] of items.entries()) {
    signal.throwIfAborted();
    report({ fraction: index / items.length, text: `Reading form ${index + 1} of ${items.length}…` });
    try {
      loaded.push(await load(item, signal));
    } catch (error) {
      signal.throwIfAborted();
      console.warn('Export: left a form out:', error);
    }
  }
  return loaded;
}

function zipEntries(sources: readonly FormAttachmentsSource[], signedUrlOf: SignedUrlOf): ZipEntrySource[] {
  return sources.flatMap(({ folder, attachments }) =>
    attachments.map((attachment) => ({
      name: folder ? `${folder}/${attachment.filename}` : attachment.filename,
      size: attachment.fileSizeInBytes,
      open: async (signal: AbortSignal) => {
        const response = await fetch(await signedUrlOf(attachment, signal), { signal });
        if (!response.ok || !response.body)
          throw new Error(`${response.status} ${response.statusText}`.trim());
        return response.body;
      },
    })),
  );
}

/** '12.5 of 40 MB' style progress text. */
function bytesText(done: number, total: number): string {
  const mb = (bytes: number) => (bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0);
  return `${mb(done)} of ${mb(total)} MB`;
}

async function zipAndSave(
  sources: readonly FormAttachmentsSource[],
  signedUrlOf: SignedUrlOf,
  fileName: string,
  report: ReportProgress,
  signal: AbortSignal,
): Promise<BulkExportResult> {
  const entries = zipEntries(sources, signedUrlOf);
  if (entries.length === 0) throw new Error('The selected forms have no attachments.');
  const { blob, skipped } = await streamZip(entries, {
    signal,
    onProgress: (step) =>
      report({
        fraction: step.bytesTotal > 0 ? step.bytesDone / step.bytesTotal : step.filesDone / step.filesTotal,
        text: `File ${Math.min(step.filesDone + 1, step.filesTotal)} of ${step.filesTotal} · ${bytesText(step.bytesDone, step.bytesTotal)}`,
      }),
  });
  if (skipped.length === entries.length) throw new Error('None of the attachments could be downloaded.');
  saveFile(blob, fileName);
  return { written: entries.length - skipped.length, skipped: skipped.length };
}

/**
 * Downloads one filled form's attachments as 'ticketId - formLabel.zip' (the form screen's 'Download
 * Attachments'), streamed one file at a time under a progress notice with Cancel. `signedUrlOf` asks the server
 * for each file's signed address just before it is read (the addresses expire). Resolves to what was written,
 * or null when cancelled or failed (a toast says why).
 */
export function downloadFormAttachments(
  source: { ticketId: number | null; formLabel: string; attachments: readonly FormAttachmentRef[] },
  signedUrlOf: SignedUrlOf = signedFormAttachmentUrl,
): Promise<BulkExportResult | null> {
  return runWithProgress('Download Attachments', (report, signal) =>
    zipAndSave(
      [{ folder: '', attachments: source.attachments }],
      signedUrlOf,
      formAttachmentsZipName(source.ticketId, source.formLabel),
      report,
      signal,
    ),
  );
}

/**
 * Downloads the attachments of many filled forms as one zip, a folder per form ('ticketId - formLabel'), under
 * one progress notice with Cancel (the form explorer's 'Export all' as a zip). `load` lists each item's
 * attachments; an item or file that fails is logged and left out.
 */
export function downloadFormsAttachments<T>(
  items: readonly T[],
  load: (item: T, signal: AbortSignal) => Promise<FormAttachmentsSource>,
  signedUrlOf: SignedUrlOf = signedFormAttachmentUrl,
  fileName = `Form attachments ${new Date().toISOString().slice(0, 10)}.zip`,
): Promise<BulkExportResult | null> {
  return runWithProgress('Download Attachments', async (report, signal) => {
    const sources = await loadEach(items, load, report, signal);
    return zipAndSave(sources, signedUrlOf, fileName, report, signal);
  });
}

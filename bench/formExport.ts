/**
 * The export of 1,000 filled forms (issue 23 item 10): one workbook through the web app's export functions, and a
 * zip of their attachments (1,000 × 256 kB) streamed through the real server's signed URLs, with the process's
 * memory against the server's budget. Baselines in the same run: the same rows written as CSV (what the workbook
 * costs beyond its data), and the same files downloaded through the same signed URLs without zipping (what the
 * zip costs beyond the transfer). Figures, not pass/fail: the machines are shared.
 *
 *   npx tsx --expose-gc bench/formExport.ts [forms=1000] [attachmentBytes=256000]
 *
 * The server runs in this process (as the e2e's does), so its RSS includes the bench's own client side.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type {
  FormDefinition,
  FormElement,
  FormValue,
  FormWorkbookInput,
  FormWorkbookLayout,
  TypedFormValue,
} from '@kelvin/domain';
import { formAttachmentSchema } from '@kelvin/contract';
import { repoRoot } from '../apps/server/src/config.ts';
import { users } from '../apps/server/src/platform/db/schema.ts';
import { startConsoleServer, type ConsoleServer } from '../e2e/support/consoleServer.ts';

const FORMS = Number(process.argv[2] ?? 1000);
const ATTACHMENT_BYTES = Number(process.argv[3] ?? 256_000);
const MB = 1_000_000;

/** One file of a zip, as the web's zipStream.ts takes it. */
interface ZipEntrySource {
  name: string;
  size?: number;
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
}

/**
 * A function of the web app's export folder. Imported by a computed path: bench/tsconfig.json does not reference
 * apps/web, so the functions are checked here at run time and typed by these wrappers.
 */
async function webExportFunction(
  file: string,
  name: string,
): Promise<(...args: unknown[]) => Promise<unknown>> {
  const module: unknown = await import(path.join(repoRoot, 'apps/web/src/features/forms/export', file));
  const fn: unknown = module !== null && typeof module === 'object' ? Reflect.get(module, name) : undefined;
  if (typeof fn !== 'function') throw new Error(`${file} has no function ${name}`);
  return async (...args) => {
    const result: unknown = await Reflect.apply(fn, undefined, args);
    return result;
  };
}

type ExportSource = Omit<FormWorkbookInput, 'now' | 'formatDateTime' | 'formatDate'>;

/** The web's formLayoutOf (the console's formatter), writeFormsWorkbook and streamZip. */
async function webExport() {
  const layoutOf = await webExportFunction('formExportSource.ts', 'formLayoutOf');
  const workbook = await webExportFunction('formWorkbookFile.ts', 'writeFormsWorkbook');
  const zip = await webExportFunction('zipStream.ts', 'streamZip');
  return {
    formLayoutOf: async (source: ExportSource, now: number): Promise<FormWorkbookLayout> => {
      const layout = await layoutOf(source, now);
      if (layout === null || typeof layout !== 'object' || !('rows' in layout) || !('columns' in layout))
        throw new Error('formLayoutOf returned no layout');
      return z
        .object({
          title: z.string(),
          sheetName: z.string(),
          details: z.array(z.object({ label: z.string(), value: z.string() })),
          columns: z.array(z.object({ key: z.string(), header: z.string(), width: z.number() })),
          rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
        })
        .parse(layout);
    },
    writeFormsWorkbook: async (layouts: readonly FormWorkbookLayout[], title: string): Promise<number> => {
      const bytes = await workbook(layouts, title);
      if (!(bytes instanceof ArrayBuffer) && !ArrayBuffer.isView(bytes)) throw new Error('no workbook bytes');
      return bytes.byteLength;
    },
    streamZip: async (entries: readonly ZipEntrySource[]): Promise<{ size: number; skipped: string[] }> => {
      const out = await zip(entries, { signal: new AbortController().signal });
      const blob: unknown = out !== null && typeof out === 'object' ? Reflect.get(out, 'blob') : undefined;
      const skipped = z
        .array(z.object({ name: z.string(), reason: z.string() }))
        .parse(out !== null && typeof out === 'object' ? Reflect.get(out, 'skipped') : undefined);
      if (!(blob instanceof Blob)) throw new Error('streamZip returned no Blob');
      return { size: blob.size, skipped: skipped.map((entry) => `${entry.name}: ${entry.reason}`) };
    },
  };
}
type WebExport = Awaited<ReturnType<typeof webExport>>;

/** Peak heap and RSS while `work` runs, sampled every 25 ms, and its wall time. */
async function measured<T>(work: () => Promise<T>) {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') Reflect.apply(gc, undefined, []);
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 25);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    sample();
    return {
      result,
      ms,
      rssBefore: before.rss,
      peakRss,
      heapBefore: before.heapUsed,
      peakHeap,
      rssAfter: process.memoryUsage().rss,
    };
  } finally {
    clearInterval(sampler);
  }
}
type Measured = Awaited<ReturnType<typeof measured>>;

/** A quarterly checklist of 40 steps in 4 sections: numbers, texts, choices, yes/no and dates. */
function checklist(): FormDefinition {
  const types = ['number', 'text', 'select', 'boolean', 'date'] as const;
  let next = 1;
  const element = (
    label: string,
    type: FormElement['type'],
    parent: number | null,
    elements: FormElement[] = [],
  ): FormElement => {
    const id = next++;
    return {
      formElementDefAssociationId: id,
      formElementDefId: 1000 + id,
      label,
      rootFormId: 1,
      parentFormElementDefId: parent,
      isRequired: false,
      displayOrder: id,
      type,
      elements,
      formElementDefOptions:
        type === 'select' ? { values: ['Good', 'Worn', 'Replaced'], displayFormat: 'radio' } : {},
    };
  };
  const sections = Array.from({ length: 4 }, (_, s) => {
    const group = element(`Section ${s + 1}`, 'group', null);
    group.elements = Array.from({ length: 10 }, (_, step) =>
      element(`Step ${s + 1}.${step + 1}`, types[step % types.length] ?? 'text', group.formElementDefId),
    );
    return group;
  });
  return { formId: 1, label: 'Quarterly maintenance', version: 1, formElements: sections };
}

function filledValue(element: FormElement, form: number): TypedFormValue | null {
  switch (element.type) {
    case 'number':
      return { type: 'number', value: 18 + ((form * 7 + element.formElementDefAssociationId) % 20) / 2 };
    case 'text':
      return { type: 'text', value: `Checked by technician ${form % 37}, all within limits; note ${form}.` };
    case 'select':
      return { type: 'text', value: ['Good', 'Worn', 'Replaced'][form % 3] ?? 'Good' };
    case 'boolean':
      return { type: 'boolean', value: form % 2 === 0 };
    case 'date':
      return { type: 'date', value: `2026-0${1 + (form % 9)}-1${form % 10}` };
    default:
      return null;
  }
}

function filledForms(count: number) {
  const form = checklist();
  const leaves = form.formElements.flatMap((section) => section.elements);
  return Array.from({ length: count }, (_, index) => ({
    ticketId: 5000 + index,
    form,
    companyName: `Company ${index % 12}`,
    performedBy: { name: `Technician ${index % 37}`, date: Date.UTC(2026, index % 12, 1 + (index % 28)) },
    values: leaves.map((element): FormValue => ({
      formElementDefAssociationId: element.formElementDefAssociationId,
      formElementDefId: element.formElementDefId,
      formId: form.formId,
      value: filledValue(element, index),
    })),
  }));
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const layoutsOf = async (web: WebExport, sources: readonly ExportSource[]) => {
  const now = Date.now();
  const layouts: FormWorkbookLayout[] = [];
  for (const source of sources) layouts.push(await web.formLayoutOf(source, now));
  return layouts;
};

async function benchWorkbook(web: WebExport) {
  const sources = filledForms(FORMS);
  const workbook = await measured(async () =>
    web.writeFormsWorkbook(await layoutsOf(web, sources), `Forms ${FORMS}`),
  );
  const csv = await measured(async () => {
    const layouts = await layoutsOf(web, sources);
    const lines = layouts.flatMap((layout) => [
      ...layout.details.map((detail) => `${csvCell(detail.label)},${csvCell(detail.value)}`),
      layout.columns.map((column) => csvCell(column.header)).join(','),
      ...layout.rows.map((row) => layout.columns.map((column) => csvCell(row[column.key] ?? '')).join(',')),
    ]);
    return new TextEncoder().encode(lines.join('\n')).byteLength;
  });
  return { workbook, csv };
}

/** Uploads one attachment per form instance of the demo (round robin) through entities.forms.createAttachment. */
async function uploadAttachments(server: ConsoleServer, token: string) {
  const post = async (name: string, body: unknown): Promise<unknown> => {
    const answer = await fetch(`${server.url}/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  const listed = z
    .object({ content: z.array(z.object({ formId: z.number(), entityId: z.number(), assetId: z.number() })) })
    .parse(
      await post('entities.forms.listInstances', {
        formInstanceKeys: [{ entityType: 'TICKET' }],
        pageableQuery: { type: 'PAGED', pageSize: 1000, pageNumber: 0, sort: [] },
      }),
    ).content;
  if (listed.length === 0) throw new Error('the demo has no filled forms');
  const payload = new Uint8Array(ATTACHMENT_BYTES).map((_, i) => (i * 31) % 251);
  const created: z.infer<typeof formAttachmentSchema>[] = [];
  for (let start = 0; start < FORMS; start += 4) {
    const batch = Array.from({ length: Math.min(4, FORMS - start) }, (_, k) => start + k);
    await Promise.all(
      batch.map(async (index) => {
        const row = listed[index % listed.length];
        if (!row) return;
        const body = new FormData();
        body.set('formId', String(row.formId));
        body.set('entityType', 'TICKET');
        body.set('entityId', String(row.entityId));
        body.set('assetId', String(row.assetId));
        body.set('filename', `photo-${index}.jpg`);
        body.set('upload', new Blob([payload], { type: 'image/jpeg' }), `photo-${index}.jpg`);
        const answer = await fetch(`${server.url}/api/entities.forms.createAttachment`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body,
        });
        if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
        created.push(formAttachmentSchema.parse(await answer.json()));
      }),
    );
  }
  const entries: ZipEntrySource[] = created.map((attachment) => ({
    name: `${attachment.entityId} - form ${attachment.formId}/${attachment.filename}`,
    size: attachment.fileSizeInBytes,
    // As the browser does: a signed address asked for just before the file is read.
    open: async (signal) => {
      const { url } = z.object({ url: z.string() }).parse(
        await post('entities.forms.getAttachmentS3SignedUrl', {
          formAttachmentId: attachment.formAttachmentId,
          entityType: 'TICKET',
        }),
      );
      const answer = await fetch(new URL(url, server.url), { signal });
      if (!answer.ok || !answer.body) throw new Error(`download: ${answer.status}`);
      return answer.body;
    },
  }));
  return entries;
}

/** The baseline: every file through the same signed URLs, read and dropped. */
async function downloadOnly(entries: readonly ZipEntrySource[]): Promise<number> {
  const signal = new AbortController().signal;
  let bytes = 0;
  for (const entry of entries) {
    const reader = (await entry.open(signal)).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
  }
  return bytes;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const web = await webExport();
  const { workbook, csv } = await benchWorkbook(web);
  const server = await startConsoleServer();
  try {
    const budgetMb = server.config.memory.totalMb;
    const [admin] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@kelvin.example'));
    const token = await server.mintIdToken(admin?.identityId ?? '', { expiresIn: '2h' });
    const rssIdle = process.memoryUsage().rss;
    const uploaded = await measured(() => uploadAttachments(server, token));
    const entries = uploaded.result;
    // A first pass warms the file store's page cache for both of the measured ones.
    await downloadOnly(entries);
    const plain = await measured(() => downloadOnly(entries));
    const zipped = await measured(async () => {
      const { size, skipped } = await web.streamZip(entries);
      if (skipped.length > 0) throw new Error(`${skipped.length} files left out: ${skipped[0] ?? ''}`);
      return size;
    });

    const mb = (bytes: number) => (bytes / MB).toFixed(1);
    const s = (ms: number) => (ms / 1000).toFixed(2);
    const line = (label: string, app: Measured, base: Measured, size: (m: Measured) => string) =>
      `| ${label} | ${s(app.ms)} s | ${s(base.ms)} s | ${(app.ms / base.ms).toFixed(2)} | ${size(app)} vs ${size(base)} | ${mb(app.peakHeap - app.heapBefore)} vs ${mb(base.peakHeap - base.heapBefore)} MB | ${mb(app.peakRss - app.rssBefore)} vs ${mb(base.peakRss - base.rssBefore)} MB |`;
    rows.push(
      `| export of ${FORMS.toLocaleString('en')} filled forms | app | baseline | time ratio | output | heap growth (peak) | RSS growth (peak) |`,
      '|---|---|---|---|---|---|---|',
      line(
        'one workbook (formLayoutOf + writeFormsWorkbook, exceljs) vs the same rows as CSV',
        workbook,
        csv,
        (m) => `${mb(Number(m.result))} MB`,
      ),
      line(
        `zip of ${entries.length} × ${(ATTACHMENT_BYTES / 1000).toFixed(0)} kB attachments (streamZip through the server's signed URLs) vs the same downloads unzipped`,
        zipped,
        plain,
        (m) => `${mb(Number(m.result))} MB`,
      ),
      '',
      `| process memory (server in this process, with the bench's client side) | RSS |`,
      '|---|---|',
      `| server idle, demo seeded | ${mb(rssIdle)} MB |`,
      `| after the ${entries.length} uploads (peak during them) | ${mb(uploaded.rssAfter)} MB (${mb(uploaded.peakRss)} MB) |`,
      `| serving the ${entries.length} files, nothing kept (the unzipped pass): before → peak | ${mb(plain.rssBefore)} → ${mb(plain.peakRss)} MB |`,
      `| zip: before → peak → after (the zip's Blob is held in this process; a browser spills it to disk) | ${mb(zipped.rssBefore)} → ${mb(zipped.peakRss)} → ${mb(zipped.rssAfter)} MB |`,
      `| the server's budget (KELVIN_MEMORY_MB) | ${budgetMb} MB: peak is ${((zipped.peakRss / (budgetMb * 1024 * 1024)) * 100).toFixed(0)}% of it |`,
    );
  } finally {
    await server.close();
  }
  const report = rows.join('\n');
  console.log(report);
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  writeFileSync(path.join(repoRoot, '.tmp', 'bench-form-export.txt'), `${report}\n`);
}

await main();

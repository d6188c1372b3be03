import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition, FormElement, FormValue } from '@kelvin/domain';
import {
  downloadFormAttachments,
  downloadFormsAttachments,
  exportFormsToExcel,
  exportFormToExcel,
  type FormAttachmentRef,
} from './formExport.ts';

/** Files handed to the browser's download, caught at the link's click. */
function captureSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: (blob: Blob) => {
      const url = `blob:${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

/** jsdom's Blob has no arrayBuffer(): its FileReader reads it. */
const bytesOf = (blob: Blob | undefined) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    if (!blob) return reject(new Error('nothing saved'));
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('no bytes'));
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });

async function reopen(blob: Blob | undefined) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await bytesOf(blob));
  return workbook;
}

const element = (id: number, overrides: Partial<FormElement>): FormElement => ({
  formElementDefAssociationId: id,
  formElementDefId: id + 100,
  label: `Element ${id}`,
  rootFormId: 7,
  parentFormElementDefId: null,
  isRequired: false,
  displayOrder: id,
  type: 'text',
  elements: [],
  formElementDefOptions: {},
  ...overrides,
});

/** Section 2 comes first in display order but sorts after section 1 by its label's number. */
const form: FormDefinition = {
  formId: 7,
  label: 'Quarterly PM',
  version: 3,
  formElements: [
    element(1, {
      label: 'Section 2 - Belts',
      type: 'group',
      displayOrder: 1,
      elements: [element(2, { label: 'Belt tension', type: 'text' })],
    }),
    element(3, {
      label: 'Section 1 - Air',
      type: 'group',
      displayOrder: 2,
      elements: [
        element(4, {
          label: 'Supply air check',
          type: 'group',
          displayOrder: 1,
          elements: [
            element(5, { label: 'Reading', type: 'number', displayOrder: 1 }),
            element(6, { label: 'Pass', type: 'boolean', displayOrder: 2 }),
          ],
        }),
        element(7, { label: 'Filters clean', type: 'boolean', displayOrder: 2 }),
      ],
    }),
  ],
};
const value = (id: number, typed: FormValue['value']): FormValue => ({
  formElementDefAssociationId: id,
  formElementDefId: id + 100,
  formId: 7,
  value: typed,
});
const values = [value(5, { type: 'number', value: 18.4 }), value(7, { type: 'boolean', value: true })];

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('form export to Excel', { timeout: 30_000 }, () => {
  it("writes one form as the spec's sheet: named by ticket, titled ticketId:formLabel, sorted, N/A where empty", async () => {
    const saved = captureSaves();
    await exportFormToExcel({ form, values, ticketId: 1042, companyName: null });
    expect(saved.map((file) => file.name)).toEqual(['1042 - Quarterly PM.xlsx']);
    const workbook = await reopen(saved[0]?.blob);
    expect(workbook.title).toBe('1042:Quarterly PM');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['1042']);
    const sheet = workbook.getWorksheet('1042');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Company', 'N/A']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Performed by', 'N/A']);
    expect(sheet.getRow(5).values).toEqual([
      undefined,
      'Section',
      'Step',
      'Description',
      'Reading',
      'Pass',
      'Value',
    ]);
    expect(sheet.getRow(5).font).toMatchObject({ bold: true });
    expect([1, 2, 3, 4, 5, 6].map((index) => sheet.getColumn(index).width)).toEqual([15, 15, 75, 15, 15, 15]);
    expect(sheet.getRow(6).values).toEqual([undefined, 1, 1, 'Supply air check', '18.4', 'N/A']);
    expect(sheet.getRow(7).values).toEqual([undefined, 1, 2, 'Filters clean', undefined, undefined, 'Yes']);
    expect(sheet.getRow(8).values).toEqual([undefined, 2, 1, 'Belt tension', undefined, undefined, 'N/A']);
    expect(sheet.rowCount).toBe(8);
  });

  it("names the sheet 'Downloaded Form' without a ticket", async () => {
    const saved = captureSaves();
    await exportFormToExcel({ form, values: [], ticketId: null });
    const workbook = await reopen(saved[0]?.blob);
    expect(workbook.title).toBe('Downloaded Form:Quarterly PM');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Downloaded Form']);
  });

  it('writes many forms into one workbook, a sheet per form, leaving out one that fails to load', async () => {
    const saved = captureSaves();
    const result = await exportFormsToExcel(
      [1042, 999, 1042, 1043],
      (ticketId) =>
        ticketId === 999 ? Promise.reject(new Error('gone')) : Promise.resolve({ form, values, ticketId }),
      'Forms.xlsx',
    );
    expect(result).toEqual({ written: 3, skipped: 1 });
    expect(saved.map((file) => file.name)).toEqual(['Forms.xlsx']);
    const workbook = await reopen(saved[0]?.blob);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['1042', '1042 (2)', '1043']);
    expect(workbook.getWorksheet('1043')?.getRow(6).getCell(4).value).toBe('18.4');
  });
});

describe('form attachments zip', () => {
  const attachments: FormAttachmentRef[] = [
    { formAttachmentId: 1, filename: 'coil.jpg', fileSizeInBytes: 4 },
    { formAttachmentId: 2, filename: 'report.pdf', fileSizeInBytes: 3 },
    { formAttachmentId: 3, filename: 'coil.jpg', fileSizeInBytes: 2 },
  ];
  const contents: Record<string, Uint8Array> = {
    'https://files.example/1': new Uint8Array([1, 2, 3, 4]),
    'https://files.example/2': new Uint8Array([37, 80, 68]),
    'https://files.example/3': new Uint8Array([9, 9]),
  };
  const signedUrlOf = (attachment: FormAttachmentRef) =>
    Promise.resolve(`https://files.example/${attachment.formAttachmentId}`);

  function fakeDownloads(missing: string[] = []) {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        fetched.push(input);
        const bytes = contents[input];
        return Promise.resolve(
          bytes && !missing.includes(input)
            ? new Response(new Uint8Array(bytes))
            : new Response('nope', { status: 403, statusText: 'Forbidden' }),
        );
      }),
    );
    return fetched;
  }

  it("zips one form's files as 'ticketId - formLabel.zip' with their bytes, fetched one by one", async () => {
    const saved = captureSaves();
    const fetched = fakeDownloads();
    const result = await downloadFormAttachments(
      { ticketId: 1042, formLabel: 'Quarterly PM', attachments },
      signedUrlOf,
    );
    expect(result).toEqual({ written: 3, skipped: 0 });
    expect(fetched).toEqual([
      'https://files.example/1',
      'https://files.example/2',
      'https://files.example/3',
    ]);
    expect(saved.map((file) => file.name)).toEqual(['1042 - Quarterly PM.zip']);
    const files = unzipSync(new Uint8Array(await bytesOf(saved[0]?.blob)));
    expect(Object.keys(files)).toEqual(['coil.jpg', 'report.pdf', 'coil (2).jpg']);
    expect(files['coil.jpg']).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(files['report.pdf']).toEqual(new Uint8Array([37, 80, 68]));
    expect(files['coil (2).jpg']).toEqual(new Uint8Array([9, 9]));
  });

  it('zips many forms into a folder each, leaving out a file the store refuses', async () => {
    const saved = captureSaves();
    fakeDownloads(['https://files.example/2']);
    const result = await downloadFormsAttachments(
      ['1042 - Quarterly PM - CRAH-01', '1043 - Incident - CRAH-02'],
      (folder) =>
        Promise.resolve({
          folder,
          attachments: folder.startsWith('1042') ? attachments.slice(0, 2) : attachments.slice(2),
        }),
      signedUrlOf,
      'Form attachments.zip',
    );
    expect(result).toEqual({ written: 2, skipped: 1 });
    const files = unzipSync(new Uint8Array(await bytesOf(saved[0]?.blob)));
    expect(Object.keys(files)).toEqual([
      '1042 - Quarterly PM - CRAH-01/coil.jpg',
      '1043 - Incident - CRAH-02/coil.jpg',
    ]);
    expect(files['1043 - Incident - CRAH-02/coil.jpg']).toEqual(new Uint8Array([9, 9]));
  });
});

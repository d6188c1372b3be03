import { buildFormWorkbookLayout, type FormWorkbookInput, type FormWorkbookLayout } from '@kelvin/domain';
import { formatDate, formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';

/**
 * What an export needs of one filled form: its definition at the version it was filled against, its values, its
 * ticket id (null names the sheet 'Downloaded Form'), and optionally the company and who performed the work
 * (read from the form's 'performed by' section when left out; 'N/A' when neither says).
 */
export type FormExportSource = Omit<FormWorkbookInput, 'now' | 'formatDateTime' | 'formatDate'>;

/** The domain's workbook layout of a form, its moments written by the console's one formatter in the browser's zone. */
export function formLayoutOf(source: FormExportSource, now = Date.now()): FormWorkbookLayout {
  const timeZone = userTimeZone();
  return buildFormWorkbookLayout({
    ...source,
    now,
    formatDateTime: (ms) => formatDateTime(ms, timeZone),
    formatDate: (ms) => formatDate(ms, timeZone),
  });
}

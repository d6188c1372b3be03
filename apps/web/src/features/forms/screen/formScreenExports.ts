import type { FormDefinition, FormValue } from '@kelvin/domain';
import type { FormAttachmentData, FormInstanceData } from '../formsQueries.ts';

/** What the form screen knows of the form it exports. */
export interface FormScreenExportSource {
  ticketId: number;
  form: FormDefinition;
  values: readonly FormValue[];
  instance: FormInstanceData | null;
  companyName: string | null;
}

/**
 * 'Export to Excel' of the form screen through the export module (loaded when the button is pressed, so exceljs
 * never weighs on the screen's first scripts).
 */
export async function exportFormScreen(source: FormScreenExportSource): Promise<void> {
  const { exportFormToExcel } = await import('../export/formExport.ts');
  await exportFormToExcel({
    form: source.form,
    values: source.values,
    ticketId: source.ticketId,
    companyName: source.companyName,
    performedBy: source.instance
      ? { name: source.instance.updatedByName, date: source.instance.updatedAt }
      : null,
  });
}

/** 'Download Attachments': the form's files zipped as 'ticketId - formLabel.zip', with progress and Cancel. */
export async function downloadFormScreenAttachments(
  source: FormScreenExportSource,
  attachments: readonly FormAttachmentData[],
): Promise<void> {
  const { downloadFormAttachments } = await import('../export/formExport.ts');
  await downloadFormAttachments({ ticketId: source.ticketId, formLabel: source.form.label, attachments });
}

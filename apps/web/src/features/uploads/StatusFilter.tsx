import { MultiSelect } from '@mantine/core';
import type { FileAttachmentStatus } from '@kelvin/contract';
import { isUploadStatus, statusOptions } from './uploadFormat.ts';

/**
 * The Status column's set filter: the grid's own (ag-grid's set filter is Enterprise-only). Nothing chosen
 * means every status.
 */
export function StatusFilter({
  value,
  onChange,
}: {
  value: readonly FileAttachmentStatus[];
  onChange: (statuses: FileAttachmentStatus[]) => void;
}) {
  return (
    <MultiSelect
      label="Status filter"
      placeholder={value.length === 0 ? 'All statuses' : undefined}
      data={statusOptions}
      value={[...value]}
      onChange={(values) => onChange(values.filter(isUploadStatus))}
      clearable
      w={360}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

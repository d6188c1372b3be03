import { useMediaQuery } from '@mantine/hooks';
import { Alert, Box, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  formValuesByAssociationId,
  formValueText,
  sortByDisplayOrder,
  type FormElement,
  type TypedFormValue,
} from '@kelvin/domain';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { StatusLabel } from './formExplorerColumns.tsx';
import { useFormInstanceDetail, type FormInstanceRow } from './formExplorerQueries.ts';

type ValueOf = (element: FormElement) => TypedFormValue | null;

/** The dialog's title is the page's heading; groups nest below it, deeper groups one level down each. */
const GROUP_HEADINGS = [3, 4, 5, 6] as const;

/** True when the element, or any element inside a group, holds a value. */
function hasValue(element: FormElement, valueOf: ValueOf): boolean {
  if (element.type === 'group') return element.elements.some((child) => hasValue(child, valueOf));
  return valueOf(element) !== null;
}

/**
 * A level of the form, read-only: each element's label over its value; a group as a titled block of its children,
 * indented a level. Spec (read-only mode): a group with no value inside is hidden, and so is an element without
 * a value.
 */
function PreviewLevel({
  elements,
  valueOf,
  depth,
}: {
  elements: FormElement[];
  valueOf: ValueOf;
  depth: number;
}) {
  const timeZone = userTimeZone();
  return (
    <Stack gap="xs">
      {sortByDisplayOrder(elements)
        .filter((element) => hasValue(element, valueOf))
        .map((element) =>
          element.type === 'group' ? (
            <Box
              key={element.formElementDefAssociationId}
              component="section"
              aria-label={element.label}
              pl={depth > 0 ? 'sm' : 0}
              style={depth > 0 ? { borderLeft: '2px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Title order={GROUP_HEADINGS[Math.min(depth, GROUP_HEADINGS.length - 1)] ?? 6} size="h5" mb={4}>
                {element.label}
              </Title>
              <PreviewLevel elements={element.elements} valueOf={valueOf} depth={depth + 1} />
            </Box>
          ) : (
            <Box key={element.formElementDefAssociationId}>
              <Text size="xs" c="dimmed">
                {element.label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {formValueText(valueOf(element), (ms) => formatDateTime(ms, timeZone))}
              </Text>
            </Box>
          ),
        )}
    </Stack>
  );
}

function PreviewBody({ row }: { row: FormInstanceRow }) {
  const detail = useFormInstanceDetail(row);
  if (detail.isPending)
    return (
      <Stack gap="sm" aria-busy>
        {[60, 80, 70, 90].map((width) => (
          <Skeleton key={width} height={14} width={`${width}%`} radius="sm" />
        ))}
      </Stack>
    );
  if (detail.isError)
    return (
      <Alert color="red" title="Unable to load the form" role="alert">
        {errorMessage(detail.error)}
      </Alert>
    );
  const values = formValuesByAssociationId(detail.data.values);
  const valueOf: ValueOf = (element) => values.get(element.formElementDefAssociationId) ?? null;
  const filled = detail.data.definition.formElements.some((element) => hasValue(element, valueOf));
  return filled ? (
    <PreviewLevel elements={detail.data.definition.formElements} valueOf={valueOf} depth={0} />
  ) : (
    <Text c="dimmed">Nothing has been filled in on this form yet.</Text>
  );
}

/** Spec: the explorer's read-only 'Form Preview' dialog of one filled form. */
export function FormPreviewDialog({ row, onClose }: { row: FormInstanceRow | null; onClose: () => void }) {
  // A long checklist reads best on the whole of a phone's screen.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={row !== null} onClose={onClose} title="Form Preview" size="lg" fullScreen={phone}>
      {row && (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={700}>{row.formLabel}</Text>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {`Form ${row.id} · ${row.assetName} · Ticket #${row.entityId}`}
              </Text>
              <StatusLabel row={row} />
            </Group>
          </Stack>
          <PreviewBody row={row} />
        </Stack>
      )}
    </Modal>
  );
}

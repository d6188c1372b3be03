import { memo, useMemo, useState } from 'react';
import { Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { sortByDisplayOrder, walkFormElements, type FormElement } from '@kelvin/domain';
import { FormElementField } from './FormElementField.tsx';
import type { FormScreenStore } from './formScreenStore.ts';
import type { MetricBinding } from './MetricReading.tsx';
import { useFormErrors } from './useFormScreenStore.ts';
import classes from './FormScreen.module.css';

/** What every row of the form shares; one object for the whole render, so memoised rows keep their props. */
export interface FormRenderContext {
  store: FormScreenStore;
  readOnly: boolean;
  /** The metric binding of each bound element, by association id. */
  bindings: ReadonlyMap<number, MetricBinding>;
  timeZone: string;
  /** Read-only: the groups to hide because no element under them has a value. */
  hiddenGroups: ReadonlySet<number>;
  onEdit: (() => void) | undefined;
}

/** The elements of one level in display order: fields as rows, groups as collapsible sections. */
export const FormElementList = memo(function FormElementList({
  elements,
  depth,
  context,
}: {
  elements: readonly FormElement[];
  depth: number;
  context: FormRenderContext;
}) {
  const sorted = useMemo(() => sortByDisplayOrder(elements), [elements]);
  return (
    <Stack gap="md">
      {sorted.map((element) =>
        element.type === 'group' ? (
          context.hiddenGroups.has(element.formElementDefAssociationId) ? null : (
            <FormGroupSection
              key={element.formElementDefAssociationId}
              group={element}
              depth={depth}
              context={context}
            />
          )
        ) : (
          <FormElementField
            key={element.formElementDefAssociationId}
            element={element}
            store={context.store}
            readOnly={context.readOnly}
            binding={context.bindings.get(element.formElementDefAssociationId)}
            timeZone={context.timeZone}
            onEdit={context.onEdit}
          />
        ),
      )}
    </Stack>
  );
});

/** Spec: a collapsed group shows 'N Field(s)'. */
export const fieldCountText = (group: FormElement): string => `${group.elements.length} Field(s)`;

/**
 * A group: a heading that opens and closes it (keyboard too), its children one shade apart from the level around
 * it; collapsed, it tells how many fields it holds and shows an error highlight when one of them has an error.
 */
function FormGroupSection({
  group,
  depth,
  context,
}: {
  group: FormElement;
  depth: number;
  context: FormRenderContext;
}) {
  const [open, setOpen] = useState(true);
  const descendants = useMemo(
    () => walkFormElements(group.elements).map((element) => element.formElementDefAssociationId),
    [group.elements],
  );
  const errors = useFormErrors(context.store);
  const hasError = descendants.some((id) => errors[id] !== undefined);
  const bodyId = `form-group-${group.formElementDefAssociationId}`;
  return (
    <section
      className={classes.group}
      data-shade={depth % 2 === 0 ? 'odd' : 'even'}
      data-error={!open && hasError ? '' : undefined}
      aria-label={group.label}
    >
      <UnstyledButton
        className={classes.groupToggle}
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={bodyId}
      >
        {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
        <Text fw={600} size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {group.label}
        </Text>
        {!open && (
          <Group gap={6} wrap="nowrap">
            {hasError && (
              <Text size="xs" c="red" fw={600}>
                Has errors
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {fieldCountText(group)}
            </Text>
          </Group>
        )}
      </UnstyledButton>
      <Collapse expanded={open} id={bodyId}>
        <div className={classes.groupBody}>
          <FormElementList elements={group.elements} depth={depth + 1} context={context} />
        </div>
      </Collapse>
    </section>
  );
}

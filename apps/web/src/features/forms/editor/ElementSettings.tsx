import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Metric } from '@kelvin/contract';
import type { FormElementDefOptions, FormElementType } from '@kelvin/domain';
import { AddElementMenu } from './AddElementMenu.tsx';
import { DefaultValueField } from './DefaultValueField.tsx';
import { ElementOptionFields } from './ElementOptionFields.tsx';
import { ElementTypeIcon } from './ElementTypeIcon.tsx';
import { ELEMENT_TYPE_LABELS, type DraftElement } from './formDraft.ts';
import { LABEL_MISSING } from './formDraftChecks.ts';

export interface ElementSettingsProps {
  element: DraftElement;
  problems: readonly string[];
  metrics: readonly Metric[];
  metricsLoading: boolean;
  onChange: (update: (element: DraftElement) => DraftElement) => void;
  onAddInside: (type: FormElementType) => void;
  onDelete: (element: DraftElement) => void;
}

/** The problems the settings' own fields show stay there; the rest are listed at the top of the panel. */
const isDefaultProblem = (problem: string) =>
  problem.startsWith('Default:') || problem.startsWith('The default');

/** The selected element's settings: label, required, its type's options and its default. */
export function ElementSettings(props: ElementSettingsProps) {
  const { element, problems, onChange } = props;
  const setOptions = (patch: Partial<FormElementDefOptions>) =>
    onChange((current) => ({ ...current, options: { ...current.options, ...patch } }));
  const labelProblem = problems.includes(LABEL_MISSING) ? LABEL_MISSING : null;
  const defaultProblem = problems.find(isDefaultProblem) ?? null;
  const otherProblems = problems.filter((problem) => problem !== LABEL_MISSING && !isDefaultProblem(problem));
  const typeLabel = ELEMENT_TYPE_LABELS[element.type];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="element-settings-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            <ElementTypeIcon type={element.type} size={20} />
            <Title order={2} size="h4" id="element-settings-title">
              {typeLabel} settings
            </Title>
          </Group>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={() => props.onDelete(element)}
          >
            Delete
          </Button>
        </Group>
        {otherProblems.length > 0 && (
          <Alert color="red" variant="light" title="Fix before saving" role="alert">
            <Stack gap={2}>
              {otherProblems.map((problem) => (
                <Text key={problem} size="sm">
                  {problem}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <TextInput
          label="Label"
          description={
            element.type === 'group' ? 'The section heading technicians see.' : 'The question or step.'
          }
          withAsterisk
          value={element.label}
          error={labelProblem}
          onChange={(event) => {
            const label = event.currentTarget.value;
            onChange((current) => ({ ...current, label }));
          }}
        />
        {element.type === 'group' ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              {element.children.length === 0
                ? 'This group is empty.'
                : `This group holds ${element.children.length} element${element.children.length === 1 ? '' : 's'}.`}
            </Text>
            <AddElementMenu label="Add to this group" onAdd={props.onAddInside} />
          </Stack>
        ) : (
          <>
            <Switch
              label="Required"
              description="The form is not complete until this has a value."
              checked={element.isRequired}
              onChange={(event) => {
                const isRequired = event.currentTarget.checked;
                onChange((current) => ({ ...current, isRequired }));
              }}
            />
            <ElementOptionFields
              element={element}
              onOptions={setOptions}
              metrics={props.metrics}
              metricsLoading={props.metricsLoading}
            />
            <Stack gap={4}>
              <DefaultValueField
                element={element}
                error={defaultProblem}
                onChange={(value) => setOptions({ default: value })}
              />
              {element.options.default !== undefined && element.options.default !== null && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => setOptions({ default: null })}
                >
                  No default
                </Button>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}

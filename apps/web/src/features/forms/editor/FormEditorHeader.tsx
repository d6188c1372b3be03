import { Anchor, Badge, Button, Group, MultiSelect, Stack, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCoreEnumOptions } from '../../tickets/coreEnumsQuery.ts';
import { formEditorPaths } from './formEditorAccess.ts';

export interface FormEditorHeaderProps {
  label: string;
  labelError: string | null;
  onLabel: (label: string) => void;
  /** The saved version; null for a form not saved yet. */
  version: number | null;
  unsaved: boolean;
  saving: boolean;
  ticketTypes: readonly number[];
  onTicketTypes: (values: number[]) => void;
  onPreview: () => void;
  onSave: () => void;
}

/** The editor's top: back to the list, the form's name, its version and state, Preview and Save, its ticket types. */
export function FormEditorHeader(props: FormEditorHeaderProps) {
  const ticketTypeOptions = useCoreEnumOptions('ticketType');
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={formEditorPaths.list} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Forms
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} size="h3">
              {props.version === null ? 'New form' : 'Edit form'}
            </Title>
            <Badge variant="light" color={props.version === null ? 'gray' : 'blue'}>
              {props.version === null ? 'Not saved yet' : `Version ${props.version}`}
            </Badge>
            {props.unsaved && props.version !== null && (
              <Badge variant="light" color="orange">
                Unsaved changes
              </Badge>
            )}
          </Group>
          <TextInput
            aria-label="Form name"
            placeholder="Form name, e.g. Quarterly CRAH inspection"
            size="md"
            value={props.label}
            error={props.labelError}
            onChange={(event) => props.onLabel(event.currentTarget.value)}
          />
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={props.onPreview}>
            Preview
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={props.onSave}
            loading={props.saving}
            disabled={!props.unsaved}
          >
            Save
          </Button>
        </Group>
      </Group>
      <MultiSelect
        label="Ticket types"
        description="The form is offered on tickets of these types (Universal: every type)."
        placeholder={props.ticketTypes.length === 0 ? 'Not offered on any ticket type yet' : undefined}
        data={ticketTypeOptions}
        value={props.ticketTypes.map(String)}
        onChange={(values) => props.onTicketTypes(values.map(Number))}
        clearable
        searchable
      />
    </Stack>
  );
}

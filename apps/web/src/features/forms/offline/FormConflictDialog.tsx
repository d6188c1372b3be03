import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { findFormElement, type FormElement } from '@kelvin/domain';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { formValueText } from '../screen/formValueText.ts';
import type { ConflictChoices, FormValueConflict } from './formDraftMerge.ts';

export const CONFLICT_TITLE = 'Changed on the server meanwhile';

/**
 * A form saved on the device met changes on the server to the same fields: both values side by side, one choice
 * per field, and nothing is sent until every field has one. 'Later' keeps the draft on the device.
 */
export function FormConflictDialog(props: {
  conflicts: readonly FormValueConflict[];
  elements: readonly FormElement[];
  serverUpdatedBy: string | null;
  serverUpdatedAt: string;
  timeZone: string;
  sending: boolean;
  onSend: (choices: ConflictChoices) => void;
  onLater: () => void;
}) {
  const [choices, setChoices] = useState<ConflictChoices>({});
  const complete = props.conflicts.every((one) => choices[one.formElementDefAssociationId] !== undefined);
  const when = Date.parse(props.serverUpdatedAt);
  const who = props.serverUpdatedBy ?? 'Someone';
  return (
    <Modal opened onClose={props.onLater} title={CONFLICT_TITLE} size="lg">
      <Stack>
        <Text size="sm">
          {who} saved this form
          {Number.isFinite(when) ? ` at ${formatDateTime(when, props.timeZone)}` : ''} while yours waited on
          this device. Choose the value to keep for each field you both changed.
        </Text>
        <Table withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>On this device</Table.Th>
              <Table.Th>On the server</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.conflicts.map((conflict) => {
              const id = conflict.formElementDefAssociationId;
              const label = findFormElement(props.elements, id)?.label ?? `Field ${String(id)}`;
              const choose = (side: 'device' | 'server') =>
                setChoices((current) => ({ ...current, [id]: side }));
              return (
                <Table.Tr key={id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      name={`conflict-${String(id)}`}
                      checked={choices[id] === 'device'}
                      onChange={() => choose('device')}
                      label={formValueText(conflict.device, props.timeZone)}
                      aria-label={`${label}: keep ${formValueText(conflict.device, props.timeZone)} (this device)`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      name={`conflict-${String(id)}`}
                      checked={choices[id] === 'server'}
                      onChange={() => choose('server')}
                      label={formValueText(conflict.server, props.timeZone)}
                      aria-label={`${label}: keep ${formValueText(conflict.server, props.timeZone)} (server)`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onLater}>
            Later
          </Button>
          <Button onClick={() => props.onSend(choices)} disabled={!complete} loading={props.sending}>
            Send with these choices
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

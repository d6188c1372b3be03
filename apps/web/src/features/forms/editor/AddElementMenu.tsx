import { Button, Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { FormElementType } from '@kelvin/domain';
import { ElementTypeIcon } from './ElementTypeIcon.tsx';
import { ADDABLE_TYPES, ELEMENT_TYPE_LABELS } from './formDraft.ts';

/** 'Add element': a menu of the ten element types, adding to the form or to a group. */
export function AddElementMenu({
  label = 'Add element',
  onAdd,
  fullWidth = false,
}: {
  label?: string;
  onAdd: (type: FormElementType) => void;
  fullWidth?: boolean;
}) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} fullWidth={fullWidth}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ADDABLE_TYPES.map((type) => (
          <Menu.Item key={type} leftSection={<ElementTypeIcon type={type} />} onClick={() => onAdd(type)}>
            {ELEMENT_TYPE_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

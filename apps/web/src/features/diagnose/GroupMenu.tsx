import { ActionIcon, Menu } from '@mantine/core';
import {
  IconChartLine,
  IconDots,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconHistory,
  IconHistoryOff,
  IconLayersSubtract,
  IconPencil,
  IconSquareCheck,
  IconSquare,
  IconTrash,
} from '@tabler/icons-react';
import type { DiagnoseGroup } from '@kelvin/domain';

export interface GroupMenuProps {
  group: DiagnoseGroup;
  rawAllowed: boolean;
  onRename: () => void;
  onOption: (option: 'showRawData' | 'showStackedCharts', on: boolean) => void;
  onRemove: () => void;
  /** Absent while the group has nothing to export. */
  onExport?: (format: 'csv' | 'xlsx') => void;
  /** Chart groups: whether an earlier period is overlaid, and how to choose or end it. */
  comparing?: boolean;
  onCompare?: () => void;
  onStopCompare?: () => void;
}

const check = (on: boolean) => (on ? <IconSquareCheck size={16} /> : <IconSquare size={16} />);

/** A group's actions: rename, its options (raw data, stacked charts, an earlier period), export and remove. */
export function GroupMenu(props: GroupMenuProps) {
  const { group, rawAllowed, onRename, onOption, onRemove, onExport } = props;
  const charted = group.type === 'chart' || group.type === 'table';
  return (
    // Focus stays where an action puts it (the rename field), not back on the menu button.
    <Menu position="bottom-end" withinPortal returnFocus={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${group.name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
          Rename
        </Menu.Item>
        {charted && (
          <Menu.Item
            leftSection={check(group.showRawData)}
            rightSection={<IconChartLine size={14} />}
            onClick={() => onOption('showRawData', !group.showRawData)}
            disabled={!rawAllowed && !group.showRawData}
            role="menuitemcheckbox"
            aria-checked={group.showRawData}
          >
            Show raw data
          </Menu.Item>
        )}
        {group.type === 'chart' && (
          <Menu.Item
            leftSection={check(group.showStackedCharts)}
            rightSection={<IconLayersSubtract size={14} />}
            onClick={() => onOption('showStackedCharts', !group.showStackedCharts)}
            role="menuitemcheckbox"
            aria-checked={group.showStackedCharts}
          >
            Show stacked charts
          </Menu.Item>
        )}
        {group.type === 'chart' && props.onCompare && (
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={props.onCompare}>
            {props.comparing ? 'Compare with another period…' : 'Compare with an earlier period…'}
          </Menu.Item>
        )}
        {group.type === 'chart' && props.comparing && (
          <Menu.Item leftSection={<IconHistoryOff size={16} />} onClick={props.onStopCompare}>
            Stop comparing
          </Menu.Item>
        )}
        {charted && (
          <>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconFileTypeCsv size={16} />}
              disabled={!onExport}
              onClick={() => onExport?.('csv')}
            >
              Export CSV
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={!onExport}
              onClick={() => onExport?.('xlsx')}
            >
              Export Excel
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
          Remove group
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

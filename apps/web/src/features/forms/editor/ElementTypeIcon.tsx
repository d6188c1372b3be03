import {
  IconAbc,
  IconCalendar,
  IconCalendarTime,
  IconCircleDot,
  IconClockHour3,
  IconFolder,
  IconHash,
  IconList,
  IconListCheck,
  IconToggleLeft,
  type TablerIcon,
} from '@tabler/icons-react';
import type { FormElementType } from '@kelvin/domain';

const ICONS: Readonly<Record<FormElementType, TablerIcon>> = {
  group: IconFolder,
  text: IconAbc,
  number: IconHash,
  boolean: IconToggleLeft,
  select: IconCircleDot,
  multiSelect: IconListCheck,
  multiText: IconList,
  date: IconCalendar,
  dateTime: IconCalendarTime,
  duration: IconClockHour3,
};

/** The glyph of an element type, in the tree and the Add element menu (decorative: the type is also in words). */
export function ElementTypeIcon({ type, size = 16 }: { type: FormElementType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden style={{ flex: 'none', color: 'var(--mantine-color-dimmed)' }} />;
}

import type { MantineColor } from '@mantine/core';
import { scheduleTypes, type ScheduleType } from '@kelvin/contract';
import classes from './scheduleTypeStyle.module.css';

export interface ScheduleTypeStyle {
  /** The type's name on screen (the schedule enum's key in words). */
  label: string;
  /** The Mantine palette colour of the type: legend swatches, badges and calendar events share it. */
  color: MantineColor;
}

/**
 * One colour per schedule type, used the same way in the calendar, its legend, the entry dialog and the
 * technicians view. Red is left out on purpose: it reads as an error, and conflicts are shown in red.
 */
export const SCHEDULE_TYPE_STYLES: Readonly<Record<ScheduleType, ScheduleTypeStyle>> = {
  other: { label: 'Other', color: 'gray' },
  siteVisit: { label: 'Site Visit', color: 'blue' },
  travel: { label: 'Travel', color: 'teal' },
  timeOff: { label: 'Time Off', color: 'orange' },
  reminder: { label: 'Reminder', color: 'violet' },
  remoteAssist: { label: 'Remote Assist', color: 'cyan' },
};

/** The types as select options, in the enum's order. */
export const SCHEDULE_TYPE_OPTIONS = scheduleTypes.map((type) => ({
  value: type,
  label: SCHEDULE_TYPE_STYLES[type].label,
}));

/**
 * The class names of an entry drawn on a calendar: its type's colour (a tinted fill with a solid edge, readable in
 * both schemes) and, while unconfirmed, a dashed edge over stripes so that it differs without relying on colour.
 */
export function scheduleEventClassNames(type: ScheduleType, confirmed: boolean): string[] {
  const names = [classes.event ?? '', classes[type] ?? ''];
  if (!confirmed) names.push(classes.unconfirmed ?? '');
  return names.filter((name) => name !== '');
}

/** The class of a small legend swatch in a type's colour (dashed when it stands for unconfirmed entries). */
export function scheduleSwatchClassName(type: ScheduleType, confirmed = true): string {
  return [classes.swatch, classes[type], confirmed ? '' : classes.unconfirmed]
    .filter((name) => name !== undefined && name !== '')
    .join(' ');
}

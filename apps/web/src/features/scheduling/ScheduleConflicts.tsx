import { List, Text } from '@mantine/core';
import type { ScheduleConflict } from '@kelvin/contract';
import { formatSpan } from './scheduleFormat.ts';

/** The clashes of a planned time, one line each: who, what kind, which entry and when. */
export function ScheduleConflictList({
  conflicts,
  timeZone,
}: {
  conflicts: readonly ScheduleConflict[];
  timeZone: string;
}) {
  return (
    <List size="sm" spacing={4}>
      {conflicts.map((conflict) => (
        <List.Item key={`${conflict.userId}-${conflict.scheduleId}`}>
          <Text span size="sm" fw={600}>
            {conflict.userName}
          </Text>{' '}
          {conflict.kind === 'timeOff' ? 'is on time off' : 'is already booked'}: {conflict.title} (
          {formatSpan(conflict.startsAt, conflict.endsAt, timeZone)})
        </List.Item>
      ))}
    </List>
  );
}

/** The heading of the conflicts: how many, in words. */
export function conflictSummary(conflicts: readonly ScheduleConflict[]): string {
  const timeOff = conflicts.filter((conflict) => conflict.kind === 'timeOff').length;
  const booked = conflicts.length - timeOff;
  const parts = [
    booked > 0 ? `${booked} double booking${booked === 1 ? '' : 's'}` : '',
    timeOff > 0 ? `${timeOff} time off` : '',
  ].filter((part) => part !== '');
  return `Conflicts: ${parts.join(' and ')}`;
}

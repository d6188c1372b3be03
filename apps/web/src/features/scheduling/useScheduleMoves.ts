import { createElement } from 'react';
import type { Schedule } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { ScheduleConflictList } from './ScheduleConflicts.tsx';
import { fetchConflicts, useMoveSchedule } from './schedulingQueries.ts';

export interface MoveRequest {
  scheduleId: number;
  startsAt: string;
  endsAt: string;
  /** Between technicians: the one it leaves and the one it goes to. */
  fromUserId?: number;
  toUserId?: number;
  /** Puts the entry back on the calendar when the move is not made. */
  revert?: () => void;
}

/** The technicians after a move from one column to another: the one left replaced by the one joined, once. */
export function movedResources(
  entry: Schedule,
  fromUserId: number,
  toUserId: number,
  people: readonly { userId: number; name: string }[],
): Schedule['resources'] {
  if (fromUserId === toUserId) return entry.resources;
  const joined = people.find((person) => person.userId === toUserId) ?? { userId: toUserId, name: '' };
  const others = entry.resources.filter(
    (person) => person.userId !== fromUserId && person.userId !== toUserId,
  );
  return [...others, joined];
}

/**
 * Drops and resizes on the calendars: the technicians' clashes at the new time are asked first and, when there are
 * any, the planner moves anyway or puts it back; the move shows at once and is undone with a toast if refused.
 */
export function useScheduleMoves(
  entries: readonly Schedule[],
  people: readonly { userId: number; name: string }[],
  timeZone: string,
) {
  const move = useMoveSchedule();
  return async (request: MoveRequest) => {
    const revert = request.revert ?? (() => undefined);
    const entry = entries.find((candidate) => candidate.scheduleId === request.scheduleId);
    if (!entry) {
      revert();
      return;
    }
    const resources =
      request.fromUserId !== undefined && request.toUserId !== undefined
        ? movedResources(entry, request.fromUserId, request.toUserId, people)
        : undefined;
    try {
      const found = await fetchConflicts({
        startsAt: request.startsAt,
        endsAt: request.endsAt,
        resourceIds: (resources ?? entry.resources).map((person) => person.userId),
        scheduleId: entry.scheduleId,
      });
      if (found.content.length > 0) {
        const go = await modals.confirm({
          title: 'Move anyway?',
          message: createElement(ScheduleConflictList, { conflicts: found.content, timeZone }),
          okLabel: 'Move anyway',
        });
        if (!go) {
          revert();
          return;
        }
      }
    } catch (error) {
      revert();
      notify({ kind: 'danger', message: `The entry was not moved: ${errorMessage(error)}` });
      return;
    }
    move.mutate(
      { scheduleId: entry.scheduleId, startsAt: request.startsAt, endsAt: request.endsAt, resources },
      {
        onSuccess: () => notify({ kind: 'success', message: 'Entry moved' }),
        onError: (error) => {
          revert();
          notify({ kind: 'danger', message: `The entry was not moved: ${errorMessage(error)}` });
        },
      },
    );
  };
}

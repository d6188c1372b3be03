import { and, eq } from 'drizzle-orm';
import type { FormTimeEntry } from '@kelvin/domain';
import { CORE_ENUMS, DurationError, parseIsoDuration } from '@kelvin/domain';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { formTimeEntries } from '../../platform/db/formsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import type { TicketRow } from '../tickets/ticketAccess.ts';
import { insertEntry } from '../tickets/timeEntriesRepository.ts';

const MINUTE = 60_000;
/** A timer period longer than a day is not one stretch of work (a timer left running): refused, not guessed at. */
export const TIMER_PERIOD_MAX_MS = 24 * 60 * MINUTE;
export const TIMER_PERIOD_TOO_LONG = 'A timer period lasts at most 24 hours.';
export const TIMER_PERIOD_AHEAD = 'A timer period cannot start in the future.';
/** Clocks of phones and servers differ by a little: a period may start this much after the server's now. */
const CLOCK_SKEW_MS = 5 * MINUTE;

export interface TimerPeriod {
  start: Date;
  elapsedMs: number;
}

/** The work time sheet as periods; a bad duration or start is a 400 naming the entry. */
export function readWorkTimeSheet(sheet: readonly FormTimeEntry[], now: Date): TimerPeriod[] {
  return sheet.map((entry, index) => {
    const field = `body.workTimeSheet.${index}`;
    let elapsedMs: number;
    try {
      elapsedMs = parseIsoDuration(entry.elapsedDuration);
    } catch (error) {
      if (error instanceof DurationError) throw badField(`${field}.elapsedDuration`, error.message);
      throw error;
    }
    if (elapsedMs > TIMER_PERIOD_MAX_MS) throw badField(`${field}.elapsedDuration`, TIMER_PERIOD_TOO_LONG);
    const start = new Date(entry.startTimestamp);
    if (start.getTime() > now.getTime() + CLOCK_SKEW_MS)
      throw badField(`${field}.startTimestamp`, TIMER_PERIOD_AHEAD);
    return { start, elapsedMs };
  });
}

/**
 * Keeps the timer's new periods with the filled form and enters each as time on the ticket, by `userId`, with
 * the labor code 'other', dated by its start (UTC). A period already kept (same start: the same save sent again,
 * or prior server entries merged back by the form screen) adds nothing, so a retry never doubles the time. A
 * period that rounds to no minute is kept on the form but enters no time (a time entry lasts at least a minute).
 * Returns the ids of the time entries written.
 */
export async function enterTimerPeriods(
  tx: DbOrTx,
  userId: number,
  ticket: Pick<TicketRow, 'ticketId' | 'companyId'>,
  instance: { formInstanceId: number; formId: number; assetId: number },
  periods: readonly TimerPeriod[],
  description: string,
): Promise<number[]> {
  const written: number[] = [];
  for (const period of periods) {
    const [kept] = await tx
      .insert(formTimeEntries)
      .values({
        formInstanceId: instance.formInstanceId,
        startTimestamp: period.start,
        elapsedMs: period.elapsedMs,
        userId: userId,
      })
      .onConflictDoNothing()
      .returning({ startTimestamp: formTimeEntries.startTimestamp });
    const minutes = Math.round(period.elapsedMs / MINUTE);
    if (!kept || minutes < 1) continue;
    const values = {
      ticketId: ticket.ticketId,
      laborCodeValue: CORE_ENUMS.laborCodes.values.other,
      description,
      date: period.start.toISOString().slice(0, 10),
      durationMinutes: minutes,
    };
    const timeEntryId = await insertEntry(tx, userId, values);
    await tx
      .update(formTimeEntries)
      .set({ timeEntryId })
      .where(
        and(
          eq(formTimeEntries.formInstanceId, instance.formInstanceId),
          eq(formTimeEntries.startTimestamp, period.start),
        ),
      );
    await recordEvent(tx, {
      name: 'tickets.timeEntries.create',
      actorUserId: userId,
      companyId: ticket.companyId,
      subjectType: 'ticket',
      subjectId: ticket.ticketId,
      data: {
        timeEntryId,
        userId: userId,
        date: values.date,
        minutes,
        laborCodeValue: values.laborCodeValue,
        source: 'form',
        formId: instance.formId,
        assetId: instance.assetId,
      },
    });
    written.push(timeEntryId);
  }
  return written;
}

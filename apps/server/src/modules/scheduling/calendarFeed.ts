import type { Schedule } from '@kelvin/contract';
import { escapeText, joinLines, property, utcDateTime } from './icalendar.ts';

export const FEED_PRODID = '-//Kelvin//Kelvin Scheduling//EN';

const TYPE_NAMES: Record<Schedule['type'], string> = {
  other: 'Other',
  siteVisit: 'Site visit',
  travel: 'Travel',
  timeOff: 'Time off',
  reminder: 'Reminder',
  remoteAssist: 'Remote assist',
};

/** A stable UID per entry (RFC 5545 3.8.4.7): a calendar app updates its copy in place after a move. */
export const scheduleUid = (scheduleId: number, host: string) => `schedule-${scheduleId}@${host}`;

function eventLines(entry: Schedule, host: string, stamp: string): string[] {
  const description = [
    `${TYPE_NAMES[entry.type]} for ${entry.companyName}`,
    entry.ticketId === null
      ? null
      : `Ticket #${entry.ticketId}${entry.ticketTitle ? `: ${entry.ticketTitle}` : ''}`,
    entry.resources.length > 0
      ? `Technicians: ${entry.resources.map((person) => person.name).join(', ')}`
      : null,
    entry.notes,
  ].filter((line): line is string => Boolean(line));
  const location = [entry.companyName, ...entry.assets.map((asset) => asset.name)].join(', ');
  return [
    'BEGIN:VEVENT',
    property('UID', scheduleUid(entry.scheduleId, host)),
    property('DTSTAMP', stamp),
    property('DTSTART', utcDateTime(new Date(entry.startsAt))),
    property('DTEND', utcDateTime(new Date(entry.endsAt))),
    property('SUMMARY', escapeText(entry.title)),
    property('DESCRIPTION', escapeText(description.join('\n'))),
    property('LOCATION', escapeText(location)),
    property('CATEGORIES', escapeText(TYPE_NAMES[entry.type])),
    property('STATUS', entry.confirmed ? 'CONFIRMED' : 'TENTATIVE'),
    // Time off and reminders leave the technician free for other invitations; work makes them busy.
    property('TRANSP', entry.type === 'timeOff' || entry.type === 'reminder' ? 'TRANSPARENT' : 'OPAQUE'),
    property('LAST-MODIFIED', utcDateTime(new Date(entry.updatedAt))),
    'END:VEVENT',
  ];
}

/** The VCALENDAR of a user's entries; `host` makes the UIDs globally unique (the console's host name). */
export function calendarFeedText(
  entries: readonly Schedule[],
  options: { userName: string; host: string; now: Date },
): string {
  const stamp = utcDateTime(options.now);
  const lines = [
    'BEGIN:VCALENDAR',
    property('PRODID', FEED_PRODID),
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    property('X-WR-CALNAME', escapeText(`Kelvin: ${options.userName}`)),
    // How often a subscribing app should ask again (Apple and Outlook read these; Google decides itself).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const entry of entries) lines.push(...eventLines(entry, options.host, stamp));
  lines.push('END:VCALENDAR');
  return joinLines(lines);
}

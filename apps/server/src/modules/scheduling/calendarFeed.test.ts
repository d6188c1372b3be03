import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../platform/db/schedulingSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { tokenHash } from './calendarFeedService.ts';
import { escapeText, foldLine } from './icalendar.ts';
import { feedUrlOf, scheduleBody, scheduleOf, schedulingApi } from './schedulingTestKit.ts';

const encoder = new TextEncoder();

/** Reads feed text as a calendar app does: CRLF lines, unfolded, each property split into name and value. */
function parseFeed(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(encoder.encode(line).length, line).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const lines = physical.reduce<string[]>((all, line) => {
    if (line.startsWith(' ')) all.push(`${all.pop() ?? ''}${line.slice(1)}`);
    else all.push(line);
    return all;
  }, []);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  const calendar: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const [name, value] = [line.slice(0, colon), line.slice(colon + 1)];
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) current[name] = value;
    else calendar[name] = value;
  }
  return { lines, calendar, events };
}

/** TEXT unescaping (RFC 5545 3.3.11), the inverse of what the feed must write. */
const unescape = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_match, char: string) => (char === 'n' || char === 'N' ? '\n' : char));

describe('the calendar feed', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof schedulingApi>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = schedulingApi(server);
  });
  afterAll(() => server.close());

  const fetchFeed = (url: string) => fetch(`${server.url}${new URL(url).pathname}`);

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    const long = `SUMMARY:${'é'.repeat(80)}`;
    const folded = foldLine(long).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const line of folded) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(long);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it("serves the technician's entries as iCalendar, escaped and folded, with stable UIDs", async () => {
    const { users, ids, companyA } = fleet;
    const soon = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    soon.setUTCHours(8, 0, 0, 0);
    const later = new Date(soon.getTime() + 90 * 60 * 1000);
    const notes = 'Gate code 4411; ask for Sam, the night shift\nBring: filters, belts \\ gaskets';
    const visit = scheduleOf(
      await call.create(
        users.providerAdmin,
        scheduleBody(companyA.companyId, [users.technician.userId], {
          title: `Visit, north hall; ${'long title '.repeat(8)}`,
          notes,
          assetIds: [ids.unitA1],
          startsAt: soon.toISOString(),
          endsAt: later.toISOString(),
          confirmed: true,
        }),
      ),
    );
    const off = scheduleOf(
      await call.create(
        users.providerAdmin,
        scheduleBody(1, [users.technician.userId], {
          type: 'timeOff',
          title: 'Leave',
          startsAt: new Date(soon.getTime() + 86_400_000).toISOString(),
          endsAt: new Date(soon.getTime() + 3 * 86_400_000).toISOString(),
        }),
      ),
    );
    // Someone else's entry and one far outside the window stay out.
    await call.create(users.providerAdmin, scheduleBody(companyA.companyId, [users.providerAdmin.userId]));
    await call.create(
      users.providerAdmin,
      scheduleBody(companyA.companyId, [users.technician.userId], {
        startsAt: '2020-01-01T08:00:00Z',
        endsAt: '2020-01-01T09:00:00Z',
      }),
    );

    const url = feedUrlOf(await call.feed(users.technician));
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feedUrlOf(await call.feed(users.technician))).toBe(url);
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parseFeed(await response.text());
    expect(calendar).toMatchObject({ VERSION: '2.0', PRODID: '-//Kelvin//Kelvin Scheduling//EN' });
    expect(unescape(calendar['X-WR-CALNAME'] ?? '')).toContain(users.technician.name);
    expect(events.map((event) => event.UID)).toEqual([
      `schedule-${visit.scheduleId}@localhost`,
      `schedule-${off.scheduleId}@localhost`,
    ]);
    const [first, second] = events;
    expect(first).toMatchObject({
      DTSTART: visit.startsAt.replace(/[-:]/g, '').replace('.000', ''),
      STATUS: 'CONFIRMED',
    });
    expect(first?.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(unescape(first?.SUMMARY ?? '')).toBe(visit.title);
    expect(first?.SUMMARY).toContain('Visit\\, north hall\\; long title');
    expect(first?.DESCRIPTION).toContain(
      'Gate code 4411\\; ask for Sam\\, the night shift\\nBring: filters\\, belts \\\\ gaskets',
    );
    expect(unescape(first?.DESCRIPTION ?? '')).toContain(notes);
    expect(unescape(first?.LOCATION ?? '')).toBe('Alpha Hosting, AN-CRAH-01');
    expect(second).toMatchObject({ STATUS: 'TENTATIVE', SUMMARY: 'Leave' });
  });

  it('keeps only a hash, answers a wrong token with a bare 404, and a reset retires the old URL', async () => {
    const { users } = fleet;
    const url = feedUrlOf(await call.feed(users.providerAdmin));
    const token = /\/calendar\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    const [row] = await server.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, users.providerAdmin.userId));
    expect(row?.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const fresh = feedUrlOf(await call.resetFeed(users.providerAdmin));
    expect(fresh).not.toBe(url);
    expect(feedUrlOf(await call.feed(users.providerAdmin))).toBe(fresh);
    expect((await fetchFeed(fresh)).status).toBe(200);
    const old = await fetchFeed(url);
    expect(old.status).toBe(404);
    expect(await old.text()).not.toMatch(/reset|token|expired/i);
    const wrong = `${server.url}/calendar/${'A'.repeat(43)}.ics`;
    expect((await fetch(wrong)).status).toBe(404);
    expect((await fetch(`${server.url}/calendar/short.ics`)).status).toBe(404);
    expect((await call.feed(users.noRolesA)).status).toBe(403);
  });
});

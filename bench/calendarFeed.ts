/**
 * The calendar feed's speed (issue 25, item 7): the iCalendar feed of a technician with 10,000 entries in its
 * window, through the feed's own function (token lookup, the entries with their technicians and assets, the
 * VCALENDAR text), against the same entries answered as the list call answers them in the same run (the same query,
 * the list's presenter, JSON.stringify). The serialization alone is timed too (feed text against JSON of the same
 * presented entries), so that the ratio says what iCalendar's escaping and folding cost over JSON. Figures, not
 * pass/fail: the machine is shared.
 *
 *   npx tsx bench/calendarFeed.ts
 *
 * Environment: FEED_BENCH_ENTRIES (10000), FEED_BENCH_RUNS (15). PGlite in .tmp, removed afterwards.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { repoRoot } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/platform/db/database.ts';
import { ASSET_TYPE } from '@kelvin/domain';
import { calendarFeedText } from '../apps/server/src/modules/scheduling/calendarFeed.ts';
import {
  calendarFeedOf,
  resetCalendarFeed,
} from '../apps/server/src/modules/scheduling/calendarFeedService.ts';
import { presentSchedule } from '../apps/server/src/modules/scheduling/schedulesPresenter.ts';
import { findSchedules } from '../apps/server/src/modules/scheduling/schedulesRepository.ts';
import { loadPermissions } from '../apps/server/src/modules/users/permissionsRepository.ts';
import { makeAsset } from '../apps/server/src/modules/assets/assetsTestFixture.ts';
import { buildCompany, buildUser, providerCompany } from '../apps/server/src/testing/factories.ts';

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const ENTRIES = numberEnv('FEED_BENCH_ENTRIES', 10_000);
const RUNS = numberEnv('FEED_BENCH_RUNS', 15);
const DAY = 86_400_000;
const TYPES = ['siteVisit', 'travel', 'remoteAssist', 'reminder', 'timeOff', 'other'];

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function time(task: () => unknown): Promise<number[]> {
  await task();
  await task();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** A technician with ENTRIES entries spread over the feed's window (90 days back, 365 ahead), each with assets. */
async function seed(db: Db, now: number) {
  await providerCompany(db);
  const technician = await buildUser(db, {
    companyId: 1,
    roles: ['Provider Service Technician'],
    name: 'Tomas Technician',
  });
  const colleague = await buildUser(db, {
    companyId: 1,
    roles: ['Provider Administrator'],
    name: 'Paula Provider',
  });
  const company = await buildCompany(db, { name: 'Northwind Data Centers, Ashburn; Hall 1' });
  const unitIds: number[] = [];
  for (let i = 0; i < 20; i += 1)
    unitIds.push(
      await makeAsset(db, {
        companyId: company.companyId,
        assetTypeId: ASSET_TYPE.unit,
        parentAssetId: null,
        name: `NW-ASH-CRAH-${String(i).padStart(2, '0')}`,
      }),
    );
  const from = now - 89 * DAY;
  const step = (454 * DAY) / ENTRIES;
  const notes =
    'Check the supply air sensor; bring filters, belts and the HP switch.\nEscort booked at reception, badge at the gate.';
  await db.execute(sql`
    insert into schedules (company_id, type, title, notes, starts_at, ends_at, time_zone_id, confirmed, created_by)
    select ${company.companyId}::int,
           (${`{${TYPES.join(',')}}`}::text[])[1 + i % ${TYPES.length}::int],
           'Visit ' || i || ', north hall: quarterly maintenance; follow-up',
           ${notes}::text,
           to_timestamp((${from}::float8 + i * ${step}::float8) / 1000.0),
           to_timestamp((${from}::float8 + i * ${step}::float8) / 1000.0) + interval '2 hours',
           'America/New_York', i % 3 <> 0, ${colleague.userId}::int
      from generate_series(0, ${ENTRIES - 1}::int) as i`);
  await db.execute(sql`insert into schedule_resources (schedule_id, user_id)
    select schedule_id, ${technician.userId}::int from schedules
    union all select schedule_id, ${colleague.userId}::int from schedules where schedule_id % 4 = 0`);
  const units = `{${unitIds.join(',')}}`;
  await db.execute(sql`insert into schedule_assets (schedule_id, asset_id)
    select s.schedule_id, (${units}::int[])[1 + (s.schedule_id + k) % ${unitIds.length}::int]
      from schedules s, generate_series(0, 1) as k`);
  return { technician, colleague };
}

async function main() {
  const pgliteDir = path.join(repoRoot, '.tmp', `bench-feed-${process.pid}`);
  const database = await openDatabase({ pgliteDir });
  try {
    const db = database.db;
    const now = Date.now();
    const { technician } = await seed(db, now);
    const keys = { secretKey: randomBytes(32), publicOrigin: 'https://kelvin.example' };
    const auth = {
      user: technician,
      permissions: await loadPermissions(db, technician.userId, technician.companyId),
    };
    const { url } = await resetCalendarFeed(db, keys, auth, new Date(now));
    const token = /\/calendar\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    const window = { from: new Date(now - 90 * DAY), to: new Date(now + 365 * DAY) };
    const query = () =>
      findSchedules(db, {
        companies: 'ALL',
        groupsOfUserId: null,
        resourceIds: [technician.userId],
        ...window,
      });

    const feedText = await calendarFeedOf(db, keys, token, new Date(now));
    const events = feedText.split('BEGIN:VEVENT').length - 1;
    const presented = (await query()).map((view) => presentSchedule(view, false));
    const json = JSON.stringify({ content: presented, truncated: false });
    const options = { userName: technician.name, host: 'kelvin.example', now: new Date(now) };

    const rows = [
      {
        name: 'whole call: feed (lookup, query, iCalendar) vs list (query, presenter, JSON)',
        ours: await time(() => calendarFeedOf(db, keys, token, new Date(now))),
        base: await time(async () =>
          JSON.stringify({
            content: (await query()).map((v) => presentSchedule(v, false)),
            truncated: false,
          }),
        ),
      },
      {
        name: 'serialization only: iCalendar text vs JSON.stringify',
        ours: await time(() => calendarFeedText(presented, options)),
        base: await time(() => JSON.stringify({ content: presented, truncated: false })),
      },
    ];
    console.log(
      `\n${events.toLocaleString('en')} events in the feed; ${(feedText.length / 1e6).toFixed(2)} MB of iCalendar, ${(json.length / 1e6).toFixed(2)} MB of JSON; ${RUNS} runs each after 2 warm-ups (PGlite)\n`,
    );
    console.log(
      '| case | feed median ms | feed p95 ms | baseline median ms | baseline p95 ms | ratio (medians) |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) {
      const [om, op, bm, bp] = [
        percentile(row.ours, 0.5),
        percentile(row.ours, 0.95),
        percentile(row.base, 0.5),
        percentile(row.base, 0.95),
      ];
      console.log(
        `| ${row.name} | ${om.toFixed(1)} | ${op.toFixed(1)} | ${bm.toFixed(1)} | ${bp.toFixed(1)} | ${(om / bm).toFixed(2)} |`,
      );
    }
  } finally {
    await database.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

await main();

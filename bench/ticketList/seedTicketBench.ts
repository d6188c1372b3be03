import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { buildCompany, buildUser, providerCompany } from '../../apps/server/src/testing/factories.ts';

/** Words of the bench's texts: a service desk's vocabulary. */
const TITLE_WORDS = [
  'Chiller',
  'Compressor',
  'Fan',
  'Humidifier',
  'Condenser',
  'Pump',
  'Valve',
  'Filter',
  'Sensor',
  'Controller',
  'Airflow',
  'Refrigerant',
  'Heater',
  'Drain',
  'Belt',
  'Bearing',
  'Coil',
  'Damper',
  'Economizer',
  'Breaker',
];
const TITLE_FAULTS = [
  'alarm',
  'trip',
  'noise',
  'leak',
  'failure',
  'high pressure',
  'low pressure',
  'not starting',
  'overheating',
  'vibration',
  'inspection',
  'replacement',
  'calibration',
  'fault',
  'error code',
];
const PHRASES = [
  'Checked the unit on site and reset the controller',
  'Replaced the air filters and cleaned the coil',
  'Customer reports warm aisle temperatures since the morning',
  'Condensate pump was blocked, cleared the drain line',
  'Ordered a replacement bearing for the supply fan',
  'Refrigerant charge measured within tolerance',
  'Scheduled a follow-up visit with the vendor',
  'Compressor amperage above nameplate, monitoring',
  'Firmware updated on the unit controller',
  'Humidifier canister at end of life',
  'Belt tension adjusted, vibration reduced',
  'Alarm cleared after sensor recalibration',
  'Waiting on parts from the distributor',
  'Economizer damper actuator stuck half open',
  'Breaker tripped on the condenser fan circuit',
  'Leak test passed after brazing the joint',
  'Technician dispatched, arrival expected within four hours',
  'Photos attached of the damaged panel',
  'Remote session confirmed setpoint drift',
  'Closed out after customer confirmation',
];

const textArray = (words: readonly string[]) =>
  sql.raw(`array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`);

export interface TicketBenchData {
  companyIds: number[];
  technicianId: number;
  tickets: number;
  comments: number;
}

/**
 * 200,000 tickets over 20 companies with owners and assets, and 2,000,000 comments, written by generate_series
 * (seconds, not hours of API calls), then each ticket's search document built the way refreshTicketSearch does.
 * Each comment carries a part number (PN-0 to PN-49999) so that a specific search matches a few dozen tickets.
 */
export async function seedTicketBench(
  db: Db,
  counts: { tickets: number; comments: number },
  log: (line: string) => void,
): Promise<TicketBenchData> {
  await providerCompany(db);
  const technician = await buildUser(db, {
    companyId: 1,
    roles: ['Provider Service Technician'],
    name: 'Bench Tech',
  });
  const companyIds: number[] = [];
  for (let i = 0; i < 20; i += 1)
    companyIds.push(
      (await buildCompany(db, { name: `Customer ${String(i + 1).padStart(2, '0')}` })).companyId,
    );
  const owners: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    owners.push(
      (
        await buildUser(db, {
          companyId: 1,
          roles: ['Provider Service Technician'],
          name: `Technician ${i + 1}`,
        })
      ).userId,
    );
  }
  const started = Date.now();
  const companies = sql.raw(`array[${companyIds.join(',')}]`);
  await db.execute(sql`
    insert into assets (company_id, asset_type_id, name)
    select (${companies})[1 + (g % 20)], 4, 'UNIT-' || g from generate_series(0, 399) g`);
  await db.execute(sql`
    insert into asset_properties (asset_id, name, value)
    select asset_id, 'name', name from assets where name like 'UNIT-%'`);
  const statuses = sql.raw('array[0,2,3,4,5,7,11,11]');
  await db.execute(sql`
    insert into tickets (company_id, title, description, created_at, updated_at, closed_at, severity_value,
                         priority_value, type_value, status_value, source_value, ticket_state, visibility,
                         net_suite_billing_state, is_billable)
    select (${companies})[1 + (g % 20)],
           (${textArray(TITLE_WORDS)})[1 + (g * 7 % 20)] || ' ' || (${textArray(TITLE_FAULTS)})[1 + (g * 13 % 15)]
             || ' #' || g,
           (${textArray(PHRASES)})[1 + (g * 11 % 20)] || '. ' || (${textArray(PHRASES)})[1 + (g * 17 % 20)] || '.',
           now() - make_interval(secs => (${counts.tickets} - g) * 600),
           now() - make_interval(secs => ((g * 7919) % ${counts.tickets}) * 300),
           case when (${statuses})[1 + (g % 8)] = 11 then now() - make_interval(secs => g) end,
           g % 3, (g * 5) % 3, (array[0,1,6,8,9,10,11])[1 + (g % 7)], (${statuses})[1 + (g % 8)], g % 5,
           case (${statuses})[1 + (g % 8)] when 11 then 'CLOSED' when 7 then 'RESOLVED' else 'OPEN' end,
           case when g % 3 = 0 then 'INTERNAL' else 'EXTERNAL' end,
           (array['NOT_BILLABLE','PENDING_SALES_ORDER','SALES_ORDER_CREATED','SALES_ORDER_CLOSED'])[1 + (g % 4)],
           g % 4 <> 0
      from generate_series(1, ${counts.tickets}) g`);
  log(`tickets: ${counts.tickets.toLocaleString('en')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.execute(sql`
    insert into ticket_assets (ticket_id, asset_id)
    select t.ticket_id, a.asset_id
      from tickets t
      join lateral (select asset_id from assets where company_id = t.company_id and name like 'UNIT-%'
                     order by asset_id offset (t.ticket_id % 20) limit 1) a on true`);
  const ownerArray = sql.raw(`array[${owners.join(',')}]`);
  await db.execute(sql`
    insert into ticket_users (ticket_id, user_id, relation_type_value)
    select ticket_id, (${ownerArray})[1 + (ticket_id % 20)], 1 from tickets where ticket_id % 10 < 7`);
  const commentsStarted = Date.now();
  await db.execute(sql`
    insert into ticket_comments (ticket_id, user_id, comment, visibility, created_at, updated_at)
    select 1 + (g % ${counts.tickets}), ${technician.userId},
           (${textArray(PHRASES)})[1 + (g * 31 % 20)] || ' (PN-' || (g % 50000) || ')',
           case when g % 4 = 0 then 'INTERNAL' else 'EXTERNAL' end,
           now() - make_interval(secs => g), now() - make_interval(secs => g)
      from generate_series(1, ${counts.comments}) g`);
  log(
    `comments: ${counts.comments.toLocaleString('en')} in ${((Date.now() - commentsStarted) / 1000).toFixed(1)} s`,
  );
  const searchStarted = Date.now();
  await db.execute(sql`
    update tickets t
       set search = to_tsvector('simple', t.title || ' ' || t.description || ' ' || coalesce(c.text, ''))
      from (select ticket_id, string_agg(comment, ' ' order by comment_id) as text
              from ticket_comments where not is_deleted group by ticket_id) c
     where c.ticket_id = t.ticket_id`);
  await db.execute(sql`vacuum analyze`);
  log(`search documents and statistics in ${((Date.now() - searchStarted) / 1000).toFixed(1)} s`);
  return { companyIds, technicianId: technician.userId, tickets: counts.tickets, comments: counts.comments };
}

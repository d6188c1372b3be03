import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { buildUser } from '../../apps/server/src/testing/factories.ts';
import { seedTicketBench } from '../ticketList/seedTicketBench.ts';

/**
 * The orders page's data: the tickets list bench's tickets (a quarter in each billing state, no comments), two
 * parts or services on every billable ticket (one in twenty without a sales price: the blocker) and two time
 * entries, and a provider administrator (netsuite:manage on every company) to list them as.
 */
export async function seedOrdersBench(db: Db, tickets: number, log: (line: string) => void) {
  const data = await seedTicketBench(db, { tickets, comments: 0 }, log);
  const admin = await buildUser(db, { companyId: 1, roles: ['Provider Administrator'], name: 'Bench Admin' });
  const started = Date.now();
  await db.execute(sql`
    insert into ticket_consumables (ticket_id, type, item_id, display_name, quantity, sales_price)
    select t.ticket_id, case when k = 0 then 'PART' else 'SERVICE' end, 'PRT-1000' || k, 'Item ' || k, 1 + k,
           case when k = 1 and t.ticket_id % 20 = 0 then null else 100 + k end
      from tickets t cross join generate_series(0, 1) k
     where t.net_suite_billing_state <> 'NOT_BILLABLE'`);
  await db.execute(sql`
    insert into time_entries (ticket_id, user_id, labor_code_value, date, duration_minutes)
    select t.ticket_id, ${data.technicianId}, case when k = 0 then 0 else 3 end, current_date, 30 + 15 * k
      from tickets t cross join generate_series(0, 1) k
     where t.net_suite_billing_state <> 'NOT_BILLABLE'`);
  await db.execute(sql`vacuum analyze`);
  log(`consumables and time entries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { ...data, adminId: admin.userId };
}

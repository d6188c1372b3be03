import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import { netsuiteSandboxRecords } from '../../platform/db/netsuiteSandboxSchema.ts';
import { SANDBOX_USER } from './sandboxAuthorizePage.ts';

/**
 * Who signed in at the sandbox. Besides its one published user, anyone may sign in with their own e-mail address
 * and the sandbox password (so that the console's staff sign-in can be tried as each of its users); each such
 * address becomes an employee record, whose internal id is the grant's entity, as at NetSuite.
 */
const EMPLOYEE = 'employee';
const employeeBody = z.object({ email: z.string() });

export async function sandboxEntityFor(db: DbOrTx, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  if (address === SANDBOX_USER.email) return SANDBOX_USER.entity;
  const byEmail = and(
    eq(netsuiteSandboxRecords.recordType, EMPLOYEE),
    sql`${netsuiteSandboxRecords.body}->>'email' = ${address}`,
  );
  const [found] = await db
    .select({ id: netsuiteSandboxRecords.internalId })
    .from(netsuiteSandboxRecords)
    .where(byEmail);
  if (found) return String(found.id);
  const [created] = await db
    .insert(netsuiteSandboxRecords)
    .values({
      recordType: EMPLOYEE,
      body: { email: address, entityId: address },
      searchText: address,
    })
    .returning({ id: netsuiteSandboxRecords.internalId });
  if (!created) throw new Error('The sandbox employee was not stored');
  return String(created.id);
}

/** The e-mail address of the entity a grant acts for, or undefined for one that is no employee. */
export async function sandboxEmailOf(db: DbOrTx, entity: string): Promise<string | undefined> {
  if (entity === SANDBOX_USER.entity) return SANDBOX_USER.email;
  if (!/^\d{1,15}$/.test(entity)) return undefined;
  const [row] = await db
    .select({ body: netsuiteSandboxRecords.body })
    .from(netsuiteSandboxRecords)
    .where(
      and(
        eq(netsuiteSandboxRecords.recordType, EMPLOYEE),
        eq(netsuiteSandboxRecords.internalId, Number(entity)),
      ),
    );
  const parsed = employeeBody.safeParse(row?.body);
  return parsed.success ? parsed.data.email : undefined;
}

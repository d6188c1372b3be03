import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../apps/server/src/platform/db/schema.ts';
import { ticketAssets, tickets } from '../../apps/server/src/platform/db/ticketsSchema.ts';
import type { ConsoleServer } from '../../e2e/support/consoleServer.ts';

export const LARGE_FORM_LABEL = 'Bench large inspection';
export const SECTIONS = 10;
export const PER_SECTION = 50;
export const FIELDS = SECTIONS * PER_SECTION;

/** 500 fields in 10 sections of 50: numbers with limits and texts with lengths (the e2e's large form). */
function largeFormElements() {
  return Array.from({ length: SECTIONS }, (_, section) => [
    { key: `s${section}`, label: `Section ${section + 1}`, type: 'group' },
    ...Array.from({ length: PER_SECTION }, (_, step) => ({
      key: `s${section}-${step}`,
      parentKey: `s${section}`,
      label: `Section ${section + 1} item ${step + 1}`,
      type: step % 2 === 0 ? 'number' : 'text',
      formElementDefOptions: step % 2 === 0 ? { min: 0, max: 100 } : { minLength: 2, maxLength: 80 },
    })),
  ]).flat();
}

export interface LargeFormPlace {
  formId: number;
  ticketId: number;
  assetId: number;
}

/** Creates the form through the API (as the admin) and picks the demo's first open ticket of a unit to fill it on. */
export async function createLargeForm(server: ConsoleServer): Promise<LargeFormPlace> {
  const db = server.database.db;
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
  const token = await server.mintIdToken(admin?.identityId ?? '');
  const answer = await fetch(`${server.url}/api/entities.forms.definitions.create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      label: LARGE_FORM_LABEL,
      formElements: largeFormElements(),
      ticketTypeValues: [-1],
    }),
  });
  if (answer.status !== 200) throw new Error(`form not created: ${answer.status} ${await answer.text()}`);
  const { formId } = z.object({ formId: z.number() }).parse(await answer.json());
  const [row] = await db
    .select({ ticketId: tickets.ticketId, assetId: ticketAssets.assetId })
    .from(tickets)
    .innerJoin(ticketAssets, eq(ticketAssets.ticketId, tickets.ticketId))
    .where(eq(tickets.ticketState, 'OPEN'))
    .limit(1);
  if (!row) throw new Error('the demo has no open ticket of an asset');
  return { formId, ticketId: row.ticketId, assetId: row.assetId };
}

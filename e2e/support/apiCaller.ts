import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { users } from '../../apps/server/src/platform/db/schema.ts';
import { ticketAssets, tickets } from '../../apps/server/src/platform/db/ticketsSchema.ts';
import type { ConsoleServer } from './consoleServer.ts';

/** Sends an API call and expects 200, naming the call and its answer when it is not. */
export type ApiCall = (name: string, body: unknown) => Promise<unknown>;

/** A signed-in user's token and a caller of the API with it: for a test's setup, beside what the browser does. */
export async function apiCallerFor(
  server: ConsoleServer,
  email: string,
): Promise<{ token: string; call: ApiCall }> {
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  const token = await server.mintIdToken(user?.identityId ?? '');
  const call: ApiCall = async (name, body) => {
    const answer = await fetch(`${server.url}/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status, `${name}: ${await answer.clone().text()}`).toBe(200);
    const json: unknown = await answer.json();
    return json;
  };
  return { token, call };
}

/** A checklist definition offered on every ticket type; answers its form id. */
export async function createFormDefinition(
  call: ApiCall,
  label: string,
  formElements: readonly unknown[],
): Promise<number> {
  const created = await call('entities.forms.definitions.create', {
    label,
    formElements,
    ticketTypeValues: [-1],
  });
  return z.object({ formId: z.number() }).parse(created).formId;
}

/** The first open demo ticket that has an asset, with that asset. */
export async function openTicketWithAsset(
  server: ConsoleServer,
): Promise<{ ticketId: number; assetId: number }> {
  const [row] = await server.database.db
    .select({ ticketId: tickets.ticketId, assetId: ticketAssets.assetId })
    .from(tickets)
    .innerJoin(ticketAssets, eq(ticketAssets.ticketId, tickets.ticketId))
    .where(eq(tickets.ticketState, 'OPEN'))
    .limit(1);
  if (!row) throw new Error('The demo has no open ticket with an asset.');
  return row;
}

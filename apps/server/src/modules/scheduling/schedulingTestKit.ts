import { expect } from 'vitest';
import { z } from 'zod';
import { schedulesEndpoints } from '@kelvin/contract';
import type { TestServer } from '../../testing/testServer.ts';
import { apiAs, type ApiAnswer } from '../assets/assetsTestFixture.ts';

type User = { identityId: string };

/** The scheduling calls as a user, over real HTTP. */
export function schedulingApi(server: TestServer) {
  const api = apiAs(server);
  const post = (path: string) => (user: User, body: unknown) => api(user, 'POST', path, body);
  return {
    list: post('/schedules.list'),
    get: (user: User, id: number) => api(user, 'GET', `/schedules/${id}`),
    create: post('/schedules.create'),
    update: post('/schedules.update'),
    confirm: post('/schedules.confirm'),
    remove: post('/schedules.delete'),
    conflicts: post('/schedules.conflicts'),
    resources: (user: User) => api(user, 'GET', '/schedules/resources'),
    feed: (user: User) => api(user, 'GET', '/users/me/calendarFeed'),
    resetFeed: (user: User) => api(user, 'POST', '/users/me/calendarFeed.reset'),
    createTicket: post('/tickets.create'),
  };
}

const ok = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
export const scheduleOf = (answer: ApiAnswer) => schedulesEndpoints.schedulesCreate.output.parse(ok(answer));
export const schedulesOf = (answer: ApiAnswer) => schedulesEndpoints.schedulesList.output.parse(ok(answer));
export const conflictsOf = (answer: ApiAnswer) =>
  schedulesEndpoints.schedulesConflicts.output.parse(ok(answer)).content;
export const ticketIdOf = (answer: ApiAnswer) =>
  z.object({ ticketId: z.number() }).parse(ok(answer)).ticketId;
export const resourcesOf = (answer: ApiAnswer) =>
  schedulesEndpoints.schedulesResources.output.parse(ok(answer)).content;
export const feedUrlOf = (answer: ApiAnswer) =>
  schedulesEndpoints.calendarFeedGet.output.parse(ok(answer)).url;

/** A site visit of one technician on 2026-01-05, 08:00–10:00 UTC, unless overridden. */
export const scheduleBody = (
  companyId: number,
  resourceIds: number[],
  overrides: Record<string, unknown> = {},
) => ({
  companyId,
  type: 'siteVisit',
  title: 'Quarterly inspection',
  startsAt: '2026-01-05T08:00:00Z',
  endsAt: '2026-01-05T10:00:00Z',
  timeZoneId: 'Europe/London',
  resourceIds,
  ...overrides,
});

/** A list body for the week of 2026-01-05. */
export const weekOf = (overrides: Record<string, unknown> = {}) => ({
  from: '2026-01-04T00:00:00Z',
  to: '2026-01-11T00:00:00Z',
  ...overrides,
});

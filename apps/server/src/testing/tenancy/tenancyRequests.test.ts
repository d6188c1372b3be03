import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, endpoint } from '@kelvin/contract';
import { createRandom } from '../fuzz/random.ts';
import { attackRequests, type Attacker } from './tenancyJudge.ts';
import { TENANT_KINDS, type TenantKind } from './tenancyKinds.ts';
import { requestFor, requestTemplate, requestWithoutIds, shapeSlotValue } from './tenancyRequests.ts';

/** Distinct ids for every kind, from `base` on. */
const record = (base: number): Record<TenantKind, number> => {
  const result = { ...ids0 };
  Object.keys(TENANT_KINDS).forEach((kind, index) => {
    if (isKind(kind)) result[kind] = base + index;
  });
  return result;
};
function isKind(name: string): name is TenantKind {
  return name in TENANT_KINDS;
}
const ids0: Record<TenantKind, number> = {
  company: 0,
  user: 0,
  thresholdGroup: 0,
  problemRule: 0,
  monitorGroup: 0,
  sharedView: 0,
  sharedViewExternal: 0,
  webhook: 0,
  fileAttachment: 0,
  contract: 0,
  warranty: 0,
  schedule: 0,
  asset: 0,
  parentAsset: 0,
  assetNote: 0,
  assetArtifact: 0,
  metricCommand: 0,
  detectedProblem: 0,
  problemAutomation: 0,
  maintenanceWindow: 0,
  ticket: 0,
  ticketComment: 0,
  ticketAttachment: 0,
  ticketConsumable: 0,
  timeEntry: 0,
  formAttachment: 0,
  notification: 0,
};

const widgetCall = endpoint({
  name: 'widgets.move',
  method: 'POST',
  path: '/widgets.move',
  summary: 'A call of the future, with an id field no rule maps yet.',
  auth: 'user',
  body: z.strictObject({ widgetId: z.number().int(), assetId: z.number().int() }),
  output: z.object({}),
});

describe('the tenancy walk’s requests', () => {
  it('reports an id field no rule maps, so that the walk fails for it instead of skipping it', () => {
    const template = requestTemplate(widgetCall, createRandom(1));
    expect(template.unmapped).toEqual(['body.widgetId']);
    expect(template.slots.map((slot) => [slot.location, slot.kind])).toEqual([
      ['body.widgetId', 'freeText'],
      ['body.assetId', 'asset'],
    ]);
  });

  it('finds ids inside filters, optional ones included, and maps `id` by the call’s name', () => {
    const list = requestTemplate(contract.ticketsList, createRandom(1));
    expect(list.unmapped).toEqual([]);
    expect(list.slots.map((slot) => [slot.location, slot.kind, slot.required])).toContainEqual([
      'body.filter.assetIds',
      'asset',
      false,
    ]);
    const get = requestTemplate(contract.usersGet, createRandom(1));
    expect(get.slots.map((slot) => [slot.location, slot.kind, slot.required])).toEqual([
      ['params.id', 'user', true],
    ]);
  });

  it('fills each slot in its schema’s shape, and the call’s own schemas accept the request', () => {
    const template = requestTemplate(contract.ticketsList, createRandom(1));
    const { request, problem } = requestFor(contract.ticketsList, template, (index) => {
      const slot = template.slots[index];
      return slot ? shapeSlotValue(slot, 7) : undefined;
    });
    expect(problem).toBeNull();
    expect(request.body).toMatchObject({ kind: 'json', value: { filter: { assetIds: [7] } } });
  });

  it('sends a call without its optional ids, and never one whose id is required', () => {
    const list = requestTemplate(contract.ticketsList, createRandom(1));
    expect(requestWithoutIds(contract.ticketsList, list)?.body).toMatchObject({ kind: 'json' });
    const get = requestTemplate(contract.usersGet, createRandom(1));
    expect(requestWithoutIds(contract.usersGet, get)).toBeNull();
  });

  it('tries every victim id at once, then each alone beside the attacker’s own', () => {
    const template = requestTemplate(contract.ticketsAssetsAdd, createRandom(1));
    const attacker: Attacker = {
      name: 'test',
      own: record(100),
      victim: record(200),
      victimKinds: new Set<TenantKind>(['ticket', 'asset']),
      marks: [],
    };
    const bodies = attackRequests(contract.ticketsAssetsAdd, template, attacker, () => undefined).map(
      ({ request }) => (request.body.kind === 'json' ? request.body.value : null),
    );
    const own = record(100);
    const victim = record(200);
    expect(bodies).toEqual([
      { ticketId: victim.ticket, assetIds: [victim.asset] },
      { ticketId: victim.ticket, assetIds: [own.asset] },
      { ticketId: own.ticket, assetIds: [victim.asset] },
    ]);
  });
});

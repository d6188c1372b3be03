import type { Ticket, TicketListItem } from '@kelvin/contract';
import { coreEnumKey } from '@kelvin/domain';
import type { FakeRequest, FakeRoute } from '../../../test/fakeApi.ts';

export function buildTicketListItem(overrides: Partial<TicketListItem> = {}): TicketListItem {
  const statusEnumValue = overrides.statusEnumValue ?? 0;
  return {
    ticketId: 1,
    companyId: 2,
    companyName: 'Acme Cooling',
    title: 'Compressor trips on high pressure',
    description: '',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    closedAt: null,
    isFrozen: false,
    estimatedDuration: null,
    severityEnumKey: 'warning',
    severityEnumValue: 1,
    priorityEnumKey: 'high',
    priorityEnumValue: 2,
    typeEnumKey: 'incident',
    typeEnumValue: 0,
    statusEnumKey: coreEnumKey('ticketStatus', statusEnumValue) ?? 'new',
    statusEnumValue,
    sourceEnumKey: 'internal',
    sourceEnumValue: 1,
    netSuiteBillingState: 'NOT_BILLABLE',
    ticketState: 'OPEN',
    visibility: 'INTERNAL',
    owner: { userId: 7, name: 'Ada Operator' },
    assets: [{ assetId: 11, displayName: 'CRAH 1' }],
    commentCount: 0,
    ...overrides,
  };
}

function field(body: unknown, key: string): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = Object.entries(body).find(([name]) => name === key)?.[1];
  return value;
}

const numbers = (value: unknown): number[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : undefined;

/** The whole ticket a write answers, from a list row. */
export function ticketOf(row: TicketListItem): Ticket {
  const { owner, assets, commentCount: _comments, ...fields } = row;
  return {
    ...fields,
    externalTicket: null,
    netSuiteSalesOrderInternalId: null,
    netsuiteBlockers: [],
    isBillable: false,
    purchaseOrderNumber: null,
    salesOrderNumber: null,
    users: owner
      ? [
          {
            ...owner,
            email: 'owner@example.com',
            companyId: row.companyId,
            relationTypeEnumKey: 'owner',
            relationTypeEnumValue: 1,
          },
        ]
      : [],
    assets: assets.map((asset) => ({
      ...asset,
      companyId: row.companyId,
      assetTypeName: null,
      activeCoverage: { contracts: [], warranties: [], label: 'No Coverage' as const },
    })),
    relationships: [],
    reportedProblem: null,
    rootCause: null,
    formValues: [],
    coveredByContractId: null,
    coveredByWarrantyId: null,
    ticketAssetCoverage: [],
  };
}

/**
 * tickets.list, tickets.groups and tickets.changeStatus over an array of tickets that changes with the status
 * calls, so that a test sees what the server would answer next.
 */
export function fakeTicketsServer(tickets: TicketListItem[], options: { refuseStatus?: boolean } = {}) {
  const changes: { ticketId: number; statusEnumValue: number }[] = [];
  const list = (request: FakeRequest) => {
    const filter = field(request.body, 'filter');
    const page = field(request.body, 'pageableQuery');
    const statusIds = numbers(field(filter, 'statusIds'));
    const companyIds = numbers(field(filter, 'companyIds'));
    const withoutOwner = field(filter, 'withoutOwner') === true;
    const shown = tickets.filter(
      (ticket) =>
        (!statusIds || statusIds.includes(ticket.statusEnumValue)) &&
        (!companyIds || companyIds.includes(ticket.companyId)) &&
        (!withoutOwner || ticket.owner === null),
    );
    const pageSize = Number(field(page, 'pageSize') ?? 25);
    const pageNumber = Number(field(page, 'pageNumber') ?? 0);
    return {
      body: {
        content: shown.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize),
        pageable: { totalSize: shown.length, pageSize, pageNumber },
      },
    };
  };
  const routes: FakeRoute[] = [
    { method: 'POST', path: /^\/tickets\.list$/, reply: list },
    {
      method: 'POST',
      path: /^\/tickets\.changeStatus$/,
      reply: (request) => {
        const ticketId = Number(field(request.body, 'ticketId'));
        const statusEnumValue = Number(field(request.body, 'statusEnumValue'));
        changes.push({ ticketId, statusEnumValue });
        if (options.refuseStatus) return { status: 409, body: { message: 'The ticket is frozen.' } };
        const ticket = tickets.find((candidate) => candidate.ticketId === ticketId);
        if (ticket) {
          ticket.statusEnumValue = statusEnumValue;
          ticket.statusEnumKey = coreEnumKey('ticketStatus', statusEnumValue) ?? 'new';
        }
        return ticket ? { body: ticketOf(ticket) } : { status: 404, body: { message: 'Ticket not found' } };
      },
    },
    {
      method: 'POST',
      path: /^\/tickets\.groups$/,
      reply: (request) => {
        // By company, or by owner with a 'No owner' group (key null) as the server answers.
        const byOwner = field(request.body, 'groupBy') === 'owner';
        const groups = new Map<number | null, { label: string; count: number }>();
        for (const ticket of tickets) {
          const key = byOwner ? (ticket.owner?.userId ?? null) : ticket.companyId;
          const label = byOwner ? (ticket.owner?.name ?? 'No owner') : ticket.companyName;
          const group = groups.get(key) ?? { label, count: 0 };
          group.count += 1;
          groups.set(key, group);
        }
        return { body: [...groups].map(([key, group]) => ({ key, ...group })) };
      },
    },
  ];
  return { routes, changes };
}

import type { CurrentUser, Ticket } from '@kelvin/contract';
import { buildCurrentUser } from '../../../test/factories.ts';

/** A ticket as tickets.get answers it: #42 of Acme Cooling, new, with a requester and one asset. */
export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticketId: 42,
    companyId: 2,
    companyName: 'Acme Cooling',
    title: 'Supply air too warm on CRAH 01',
    description: 'Supply air has been above 24 °C since this morning.',
    createdAt: '2026-11-20T08:15:00.000Z',
    updatedAt: '2026-11-21T09:30:00.000Z',
    closedAt: null,
    isFrozen: false,
    estimatedDuration: 'PT4H30M',
    severityEnumKey: 'warning',
    severityEnumValue: 1,
    priorityEnumKey: 'medium',
    priorityEnumValue: 1,
    typeEnumKey: 'incident',
    typeEnumValue: 0,
    statusEnumKey: 'new',
    statusEnumValue: 0,
    sourceEnumKey: 'internal',
    sourceEnumValue: 1,
    externalTicket: null,
    netSuiteBillingState: 'NOT_BILLABLE',
    netSuiteSalesOrderInternalId: null,
    netsuiteBlockers: [],
    isBillable: false,
    purchaseOrderNumber: null,
    salesOrderNumber: null,
    ticketState: 'OPEN',
    users: [
      {
        userId: 7,
        name: 'Ada Operator',
        email: 'ada@example.com',
        companyId: 2,
        relationTypeEnumKey: 'requester',
        relationTypeEnumValue: 0,
      },
    ],
    assets: [
      {
        assetId: 4,
        companyId: 2,
        displayName: 'CRAH 01',
        assetTypeName: 'Unit',
        activeCoverage: { contracts: [], warranties: [], label: 'No Coverage' },
      },
    ],
    relationships: [],
    reportedProblem: null,
    rootCause: null,
    visibility: 'INTERNAL',
    formValues: [],
    coveredByContractId: null,
    coveredByWarrantyId: null,
    ticketAssetCoverage: [],
    ...overrides,
  };
}

const everyCompany: CurrentUser['permissions'][string] = [{ attributes: { companyId: { type: 'ALL' } } }];

/**
 * Provider staff (the provider's company) who may read and change every company's tickets; `external` makes them
 * a customer's user (an external identity of company 2) with the same grants.
 */
export function buildTicketUser({
  write = true,
  external = false,
}: { write?: boolean; external?: boolean } = {}): CurrentUser {
  const me = buildCurrentUser();
  return {
    ...me,
    user: external
      ? { ...me.user, identityId: 'kelvin|7', companyId: 2 }
      : { ...me.user, identityId: 'staff|7', companyId: 1, name: 'Sam Staff' },
    permissions: {
      'tickets:read': everyCompany,
      ...(write ? { 'tickets:write': everyCompany } : {}),
    },
  };
}

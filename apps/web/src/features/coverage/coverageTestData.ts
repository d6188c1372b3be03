import type { ServiceContract, Warranty } from '@kelvin/contract';

export function buildContract(overrides: Partial<ServiceContract> = {}): ServiceContract {
  return {
    contractId: 5,
    companyId: 2,
    companyName: 'Acme Cooling',
    label: 'Gold care',
    managedStatus: 'MANAGED',
    paymentStatus: 'PAID',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    coversParts: true,
    assetIds: [40],
    state: 'ACTIVE',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildWarranty(overrides: Partial<Warranty> = {}): Warranty {
  return {
    warrantyId: 9,
    companyId: 2,
    companyName: 'Acme Cooling',
    assetIds: [40],
    label: 'Factory warranty',
    state: 'ACTIVE',
    duration: 'P2Y',
    startKind: 'DATE_COMMISSIONED',
    startDate: '2025-03-01',
    endDate: '2027-03-01',
    isExpired: false,
    isSample: true,
    timeZoneId: 'Europe/Berlin',
    formValues: [],
    createdAt: '2025-03-01T00:00:00.000Z',
    updatedAt: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

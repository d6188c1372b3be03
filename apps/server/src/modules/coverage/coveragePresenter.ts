import type { CoverageState, ServiceContract, Warranty } from '@kelvin/contract';
import { contractManagedStatuses, contractPaymentStatuses, warrantyStartKinds } from '@kelvin/contract';
import { z } from 'zod';
import { calendarDateIn, CONTRACT_TIME_ZONE } from '@kelvin/domain';
import type { ContractView, WarrantyView } from './coverageRepository.ts';

const managedStatusOf = z.enum(contractManagedStatuses).catch('MANAGED');
const paymentStatusOf = z.enum(contractPaymentStatuses).catch('UNPAID');
const startKindOf = z.enum(warrantyStartKinds).catch('DATE_COMMISSIONED');
const formValuesOf = z.array(z.unknown()).catch([]);

/** Where a span of days stands on `today` (a day in the span's own zone): both end days are inside it. */
export function coverageStateOn(span: { startDate: string; endDate: string }, today: string): CoverageState {
  if (today < span.startDate) return 'UPCOMING';
  if (today > span.endDate) return 'EXPIRED';
  return 'ACTIVE';
}

export function presentContract(view: ContractView, now: Date): ServiceContract {
  const { row } = view;
  return {
    contractId: row.contractId,
    companyId: row.companyId,
    companyName: view.companyName,
    label: row.label,
    managedStatus: managedStatusOf.parse(row.managedStatus),
    paymentStatus: paymentStatusOf.parse(row.paymentStatus),
    startDate: row.startDate,
    endDate: row.endDate,
    coversParts: row.coversParts,
    assetIds: view.assetIds,
    state: coverageStateOn(row, calendarDateIn(now, CONTRACT_TIME_ZONE)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A warranty; its state and isExpired are read against today in the warranty's own zone. */
export function presentWarranty(view: WarrantyView, now: Date): Warranty {
  const { row } = view;
  const state = coverageStateOn(row, calendarDateIn(now, row.timeZoneId));
  return {
    warrantyId: row.warrantyId,
    companyId: row.companyId,
    companyName: view.companyName,
    assetIds: view.assetIds,
    label: row.label,
    state,
    duration: row.duration,
    startKind: startKindOf.parse(row.startKind),
    startDate: row.startDate,
    endDate: row.endDate,
    isExpired: state === 'EXPIRED',
    isSample: row.isSample,
    timeZoneId: row.timeZoneId,
    formValues: formValuesOf.parse(row.formValues),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

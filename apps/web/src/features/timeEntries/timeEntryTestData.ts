import type { TimeEntry } from '@kelvin/contract';
import { CORE_ENUM_NAMES, CORE_ENUMS, coreEnumEntries } from '@kelvin/domain';
import type { FakeRequest } from '../../test/fakeApi.ts';

/** A time entry as the server answers it: 1h 30m of work on ticket #42 by Sam Staff, who may change it. */
export function buildTimeEntry(overrides: Partial<TimeEntry> = {}): TimeEntry {
  return {
    timeEntryId: 1,
    ticketId: 42,
    ticketTitle: 'Supply air too warm on CRAH 01',
    companyId: 2,
    companyName: 'Acme Cooling',
    userId: 7,
    userName: 'Sam Staff',
    laborCodeEnumKey: 'other',
    laborCodeEnumValue: 0,
    description: 'Cleaned the coil',
    date: '2026-11-20',
    duration: { hours: 1, minutes: 30 },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    canEdit: true,
    ...overrides,
  };
}

/** GET coreEnums as the server answers it. */
export const coreEnumsAnswer = CORE_ENUM_NAMES.map((enumName) => ({
  coreEnumId: CORE_ENUMS[enumName].id,
  enumName,
  values: coreEnumEntries(enumName),
}));

export const bodyOf = (request: FakeRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null ? { ...request.body } : {};

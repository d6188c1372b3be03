import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, maintenanceWindowsEndpoints } from './maintenanceWindows.ts';

const create = maintenanceWindowsEndpoints.assetsCreateMaintenanceWindow.body;
const cancel = maintenanceWindowsEndpoints.assetsCancelMaintenanceWindow.body;
const list = maintenanceWindowsEndpoints.assetsListMaintenanceWindows.body;

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const good = {
  assetId: 3,
  description: 'Replace filters',
  timeWindow: { from: '2025-06-01T08:00:00+02:00', to: '2025-06-01T12:00:00+02:00' },
  timeZoneId: 'Europe/Berlin',
};

describe('maintenance window contract', () => {
  it('knows IANA zones and their aliases, not offsets or made-up names', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Asia/Calcutta')).toBe(true);
    expect(isKnownTimeZone('+01:00')).toBe(false);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });

  it('takes a window whose end is after its start, in a known zone, with a description', () => {
    expect(create.safeParse(good).success).toBe(true);
    expect(
      messages(
        create.safeParse({ ...good, timeWindow: { from: good.timeWindow.to, to: good.timeWindow.from } }),
      ),
    ).toEqual(['timeWindow.to: End must be after start']);
    expect(
      messages(
        create.safeParse({
          ...good,
          timeWindow: { from: '2025-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' },
        }),
      ),
    ).toEqual(['timeWindow.to: A maintenance window lasts at most 366 days']);
    expect(messages(create.safeParse({ ...good, timeZoneId: 'Nowhere/Land' }))).toEqual([
      'timeZoneId: Time zone is not a known IANA time zone (for example Europe/Berlin)',
    ]);
    expect(messages(create.safeParse({ ...good, description: '   ' }))).toEqual([
      'description: Description is required',
    ]);
    expect(messages(create.safeParse({ ...good, description: 'x'.repeat(1001) }))).toEqual([
      'description: Description is at most 1000 characters',
    ]);
  });

  it('cancels with a reason for each window, naming none twice', () => {
    expect(cancel.safeParse([{ assetMaintenanceWindowId: 1, cancelReason: 'Parts late' }]).success).toBe(
      true,
    );
    expect(messages(cancel.safeParse([{ assetMaintenanceWindowId: 1, cancelReason: ' ' }]))).toEqual([
      '0.cancelReason: Cancel reason is required',
    ]);
    expect(messages(cancel.safeParse([]))).toEqual([': Name at least one window to cancel']);
    const twice = [
      { assetMaintenanceWindowId: 1, cancelReason: 'a' },
      { assetMaintenanceWindowId: 1, cancelReason: 'b' },
    ];
    expect(messages(cancel.safeParse(twice))).toEqual([
      '1.assetMaintenanceWindowId: Window 1 is named twice',
    ]);
  });

  it('lists with an empty filter by default and refuses unknown sort properties', () => {
    expect(list.parse({}).filter).toEqual({ includeRelated: true });
    const sorted = {
      pageableQuery: {
        type: 'PAGED',
        pageSize: 25,
        pageNumber: 0,
        sort: [{ property: 'secret', direction: 'ASC' }],
      },
    };
    expect(messages(list.safeParse(sorted))[0]).toMatch(/^pageableQuery\.sort\.0\.property: Sort by one of/);
  });
});

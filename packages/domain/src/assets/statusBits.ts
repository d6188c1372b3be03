/**
 * Device status bits. The spec lists OK, DISABLED, FAULT, DOWN, ALARM, STALE, OVERRIDDEN, NULL and
 * UNACKNOWLEDGED_ALARM without bit values, and gives a reading's status the default 1. We use the order of that
 * list as bit positions, OK first: the default 1 is then a good reading, as agents that send no status mean it.
 * 0 is OK too (spec: "0 means OK"), -1 none.
 */
export const DEVICE_STATUS_BITS = {
  OK: 0x001,
  DISABLED: 0x002,
  FAULT: 0x004,
  DOWN: 0x008,
  ALARM: 0x010,
  STALE: 0x020,
  OVERRIDDEN: 0x040,
  NULL: 0x080,
  UNACKNOWLEDGED_ALARM: 0x100,
} as const;

export type DeviceStatus = keyof typeof DEVICE_STATUS_BITS;
export type DeviceStatusBit = Exclude<DeviceStatus, 'OK'>;

/** Spec: status -1 means none (no status known), 0 means OK. */
export const DEVICE_STATUS_NONE = -1;
export const DEVICE_STATUS_OK = 0;

const BIT_ORDER: readonly DeviceStatusBit[] = [
  'DISABLED',
  'FAULT',
  'DOWN',
  'ALARM',
  'STALE',
  'OVERRIDDEN',
  'NULL',
  'UNACKNOWLEDGED_ALARM',
];

/**
 * The statuses a status integer carries: [] for none (-1, null, or anything that is not a status integer),
 * ['OK'] for 0 or the OK bit alone, else each problem bit in list order (OK beside a problem says nothing more).
 * Bits above UNACKNOWLEDGED_ALARM are ignored.
 */
export function decodeDeviceStatus(status: number | null | undefined): DeviceStatus[] {
  if (status === null || status === undefined || !Number.isInteger(status) || status < 0) return [];
  const problems = BIT_ORDER.filter((bit) => (status & DEVICE_STATUS_BITS[bit]) !== 0);
  return problems.length > 0 ? problems : ['OK'];
}

/** The inverse of decodeDeviceStatus: the bits of the statuses given, OK's own bit when there is no other. */
export function encodeDeviceStatus(statuses: Iterable<DeviceStatus>): number {
  let value = DEVICE_STATUS_OK;
  for (const status of statuses) if (status !== 'OK') value |= DEVICE_STATUS_BITS[status];
  return value === DEVICE_STATUS_OK ? DEVICE_STATUS_BITS.OK : value;
}

/** The statuses with a colour and a rank: the ones a display singles out. */
export type RankedDeviceStatus = 'DOWN' | 'FAULT' | 'DISABLED' | 'OVERRIDDEN' | 'STALE' | 'NULL';

/** Spec colours (CSS colour names). */
export const DEVICE_STATUS_COLOURS: Readonly<Record<RankedDeviceStatus, string>> = {
  DOWN: 'red',
  FAULT: 'olive',
  DISABLED: 'orange',
  OVERRIDDEN: 'purple',
  STALE: 'brown',
  NULL: 'lightgray',
};

/** Spec severity ranks: the higher, the worse. */
export const DEVICE_STATUS_SEVERITY: Readonly<Record<RankedDeviceStatus, number>> = {
  DOWN: 5,
  FAULT: 4,
  DISABLED: 3,
  OVERRIDDEN: 2,
  STALE: 1,
  NULL: 0,
};

export function isRankedDeviceStatus(status: string): status is RankedDeviceStatus {
  return Object.hasOwn(DEVICE_STATUS_SEVERITY, status);
}

/**
 * The worst ranked status among status integers and/or status names; null when none carries a ranked status
 * (all OK, none, or only alarm bits, which have no rank in the spec).
 */
export function worstDeviceStatus(
  statuses: Iterable<number | DeviceStatus | null | undefined>,
): RankedDeviceStatus | null {
  let worst: RankedDeviceStatus | null = null;
  for (const entry of statuses) {
    const names = typeof entry === 'string' ? [entry] : decodeDeviceStatus(entry);
    for (const name of names) {
      if (!isRankedDeviceStatus(name)) continue;
      if (worst === null || DEVICE_STATUS_SEVERITY[name] > DEVICE_STATUS_SEVERITY[worst]) worst = name;
    }
  }
  return worst;
}

/** The colour of a status integer: that of its worst ranked bit, or null when it has none. */
export function deviceStatusColour(status: number | null | undefined): string | null {
  const worst = worstDeviceStatus([status]);
  return worst === null ? null : DEVICE_STATUS_COLOURS[worst];
}

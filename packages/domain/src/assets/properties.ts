/** The part of an asset property the derived values read. */
export interface PropertyLike {
  name: string;
  value: string;
}

/** A property's trimmed value; null when it is absent or blank, so that callers fall back the same way. */
export function propertyValue(properties: readonly PropertyLike[], name: string): string | null {
  const value = properties.find((property) => property.name === name)?.value.trim();
  return value ? value : null;
}

/** Spec: a type longer than this many characters is shortened. */
export const ASSET_TYPE_MAX_LENGTH = 25;

/**
 * Spec: "a type longer than 25 characters is shortened to the initials of all but the last word", the last
 * word kept whole: 'Computer Room Air Handler Unit' → 'CRAH Unit'. Runs of spaces count as one; a single long
 * word has no initials to take and stays as it is.
 */
export function shortenAssetType(type: string): string {
  const normalized = type.trim().replace(/\s+/g, ' ');
  if (normalized.length <= ASSET_TYPE_MAX_LENGTH) return normalized;
  const words = normalized.split(' ');
  const last = words.pop();
  if (last === undefined || words.length === 0) return normalized;
  const initials = words.map((word) => word.charAt(0).toUpperCase()).join('');
  return `${initials} ${last}`;
}

/**
 * Spec: the display name is the name property, else the shortened type plus the position, e.g.
 * 'CRAH Unit Row A, Position 1'. Without a position the shortened type stands alone.
 */
export function assetDisplayName(asset: { type: string; properties: readonly PropertyLike[] }): string {
  const name = propertyValue(asset.properties, 'name');
  if (name) return name;
  const type = shortenAssetType(asset.type);
  const position = propertyValue(asset.properties, 'position');
  return position ? `${type} ${position}` : type;
}

export const DEVICE_LAYOUTS = ['default', 'vertical', 'cegeka', 'equinix', 'quad', 'aws-tokyo'] as const;
export type DeviceLayout = (typeof DEVICE_LAYOUTS)[number];

function isDeviceLayout(value: string): value is DeviceLayout {
  return DEVICE_LAYOUTS.some((layout) => layout === value);
}

/** Spec: the device layout comes from the 'deviceLayout' property; anything unknown draws the default one. */
export function deviceLayout(properties: readonly PropertyLike[]): DeviceLayout {
  const value = propertyValue(properties, 'deviceLayout')?.toLowerCase();
  return value !== undefined && isDeviceLayout(value) ? value : 'default';
}

const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

/** Dotted IPv4 with octets 0-255; leading zeros are refused because browsers read them as octal. */
export function isIpv4Address(value: string): boolean {
  return IPV4.test(value);
}

/** Spec: the IP address link comes from the private IP property; only a valid IPv4 address makes a link. */
export function ipAddressLink(properties: readonly PropertyLike[]): string | null {
  const ip = propertyValue(properties, 'privateIpAddress');
  return ip !== null && isIpv4Address(ip) ? `http://${ip}` : null;
}

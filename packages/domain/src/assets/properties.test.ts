import { describe, expect, it } from 'vitest';
import {
  assetDisplayName,
  deviceLayout,
  ipAddressLink,
  isIpv4Address,
  propertyValue,
  shortenAssetType,
} from './properties.ts';

const props = (entries: Record<string, string>) =>
  Object.entries(entries).map(([name, value]) => ({ name, value }));

describe('type shortening', () => {
  it('shortens a type longer than 25 characters to initials plus the last word', () => {
    expect(shortenAssetType('Computer Room Air Handler Unit')).toBe('CRAH Unit');
    expect(shortenAssetType('Computer Room Air Conditioner')).toBe('CRA Conditioner');
  });

  it('keeps a type of exactly 25 characters, and shorter ones', () => {
    expect('Computer Room Air Handler').toHaveLength(25);
    expect(shortenAssetType('Computer Room Air Handler')).toBe('Computer Room Air Handler');
    expect(shortenAssetType('Unit')).toBe('Unit');
    expect(shortenAssetType('')).toBe('');
  });

  it('shortens at 26 characters', () => {
    expect('Computer Room Air Handlers').toHaveLength(26);
    expect(shortenAssetType('Computer Room Air Handlers')).toBe('CRA Handlers');
  });

  it('counts runs of spaces as one and ignores outer spaces', () => {
    expect(shortenAssetType('  Computer   Room Air Handler  ')).toBe('Computer Room Air Handler');
    expect(shortenAssetType('Computer  Room  Air  Handler  Unit')).toBe('CRAH Unit');
  });

  it('upper-cases initials and keeps a single long word whole', () => {
    expect(shortenAssetType('rear door heat exchanger module')).toBe('RDHE module');
    expect(shortenAssetType('Supercalifragilisticexpialidocious')).toBe('Supercalifragilisticexpialidocious');
  });

  it('takes the first character of hyphenated words', () => {
    expect(shortenAssetType('Dedicated Make-Up Air Handling Unit')).toBe('DMAH Unit');
  });
});

describe('display name', () => {
  it('is the name property when present', () => {
    expect(
      assetDisplayName({ type: 'Unit', properties: props({ name: 'NW-CRAH-01', position: 'Row A' }) }),
    ).toBe('NW-CRAH-01');
  });

  it('falls back to the shortened type plus position', () => {
    expect(
      assetDisplayName({
        type: 'Computer Room Air Handler Unit',
        properties: props({ position: 'Row A, Position 1' }),
      }),
    ).toBe('CRAH Unit Row A, Position 1');
    expect(assetDisplayName({ type: 'Unit', properties: props({ name: '  ', position: 'Row B' }) })).toBe(
      'Unit Row B',
    );
  });

  it('is the shortened type alone without a position', () => {
    expect(assetDisplayName({ type: 'Agent', properties: [] })).toBe('Agent');
  });

  it('reads trimmed values', () => {
    expect(propertyValue(props({ name: '  x ' }), 'name')).toBe('x');
    expect(propertyValue([], 'name')).toBeNull();
  });
});

describe('device layout', () => {
  it.each(['default', 'vertical', 'cegeka', 'equinix', 'quad', 'aws-tokyo'])('knows %s', (layout) => {
    expect(deviceLayout(props({ deviceLayout: layout }))).toBe(layout);
  });

  it('reads case and spaces leniently', () => {
    expect(deviceLayout(props({ deviceLayout: ' Vertical ' }))).toBe('vertical');
  });

  it('falls back to default when missing or unknown', () => {
    expect(deviceLayout([])).toBe('default');
    expect(deviceLayout(props({ deviceLayout: 'diagonal' }))).toBe('default');
  });
});

describe('IP address link', () => {
  it('links a valid private IPv4 address', () => {
    expect(ipAddressLink(props({ privateIpAddress: '10.12.4.21' }))).toBe('http://10.12.4.21');
    expect(ipAddressLink(props({ privateIpAddress: ' 192.168.0.255 ' }))).toBe('http://192.168.0.255');
  });

  it('gives null for anything else', () => {
    expect(ipAddressLink([])).toBeNull();
    for (const value of [
      '',
      '10.0.0',
      '10.0.0.256',
      '10.0.0.01',
      'fe80::1',
      'example.com',
      '10.0.0.1/24',
      '1.2.3.4.5',
    ]) {
      expect(ipAddressLink(props({ privateIpAddress: value }))).toBeNull();
    }
  });

  it('accepts the edges of the octet range', () => {
    expect(isIpv4Address('0.0.0.0')).toBe(true);
    expect(isIpv4Address('255.255.255.255')).toBe(true);
  });
});

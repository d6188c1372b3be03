import { describe, expect, it } from 'vitest';
import { grantedValues, hasPermission, passesChecks, type Permissions } from './permissions.ts';

const permissions: Permissions = {
  'assets:read': [{ attributes: { companyId: { type: 'VALUES', values: [2, 3] } } }],
  'metrics:read': [{ attributes: { companyId: { type: 'ALL' } } }],
  'tickets:read': [],
};

describe('hasPermission', () => {
  it('passes a plain check when any grant exists', () => {
    expect(hasPermission(permissions, { permission: 'assets:read' })).toBe(true);
  });
  it('fails for a permission with no grants or absent', () => {
    expect(hasPermission(permissions, { permission: 'tickets:read' })).toBe(false);
    expect(hasPermission(permissions, { permission: 'netsuite:read' })).toBe(false);
  });
  it('requires listed attribute values, comparing numbers and strings alike', () => {
    expect(hasPermission(permissions, { permission: 'assets:read', attributes: { companyId: 3 } })).toBe(
      true,
    );
    expect(hasPermission(permissions, { permission: 'assets:read', attributes: { companyId: '2' } })).toBe(
      true,
    );
    expect(hasPermission(permissions, { permission: 'assets:read', attributes: { companyId: 4 } })).toBe(
      false,
    );
  });
  it('treats ALL as covering every value and a missing attribute as covering none', () => {
    expect(hasPermission(permissions, { permission: 'metrics:read', attributes: { companyId: 99 } })).toBe(
      true,
    );
    expect(hasPermission(permissions, { permission: 'metrics:read', attributes: { siteId: 1 } })).toBe(false);
  });
});

describe('passesChecks', () => {
  const checks = [{ permission: 'assets:read' }, { permission: 'netsuite:read' }];
  it('needs every check by default and any with requireAny', () => {
    expect(passesChecks(permissions, checks)).toBe(false);
    expect(passesChecks(permissions, checks, true)).toBe(true);
  });
  it('passes a route without checks', () => {
    expect(passesChecks({}, [])).toBe(true);
  });
});

describe('grantedValues', () => {
  it('returns ALL or the union of values', () => {
    expect(grantedValues(permissions, 'metrics:read', 'companyId')).toBe('ALL');
    expect(grantedValues(permissions, 'assets:read', 'companyId')).toEqual([2, 3]);
    expect(grantedValues(permissions, 'netsuite:read', 'companyId')).toEqual([]);
  });
});

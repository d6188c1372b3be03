import { describe, expect, it } from 'vitest';
import { clientIdForEnvironment, environmentFromOrigin } from './environment.ts';
import { isExternalUser } from './users.ts';

describe('environmentFromOrigin', () => {
  it.each([
    ['http://localhost:8080', 'local'],
    ['http://127.0.0.1:3000', 'local'],
    ['https://dev.kelvin.example', 'dev'],
    ['https://console-dev.kelvin.example', 'dev'],
    ['https://console.kelvin.example', 'production'],
    ['https://devices.kelvin.example', 'production'],
  ])('%s is %s', (origin, expected) => {
    expect(environmentFromOrigin(origin)).toBe(expected);
  });
});

describe('clientIdForEnvironment', () => {
  it('returns the id or throws naming the environment', () => {
    expect(clientIdForEnvironment({ local: 'a' }, 'local')).toBe('a');
    expect(() => clientIdForEnvironment({ local: 'a' }, 'production')).toThrow(
      'Missing sign-in client id for the production environment.',
    );
  });
});

describe('isExternalUser', () => {
  it('needs the external prefix and a company other than the provider', () => {
    expect(isExternalUser({ identityId: 'kelvin|7', companyId: 2 })).toBe(true);
    expect(isExternalUser({ identityId: 'kelvin|7', companyId: 1 })).toBe(false);
    expect(isExternalUser({ identityId: 'netsuite|7', companyId: 2 })).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { currentUserSchema, errorEnvelopeSchema } from '@kelvin/contract';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('GET /api/users/me on %s', (kind) => {
  let server: TestServer;
  let operator: Awaited<ReturnType<typeof buildUser>>;
  let admin: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    const db = server.database.db;
    await providerCompany(db);
    const customer = await buildCompany(db, { name: 'Northwind Data', subscription: 'ENHANCED_SUPPORT' });
    operator = await buildUser(db, {
      companyId: customer.companyId,
      roles: ['Customer Operator'],
      name: 'Olga Operator',
    });
    admin = await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] });
  });
  afterAll(() => server.close());

  const me = (token?: string) =>
    fetch(`${server.url}/api/users/me`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('returns the user, permissions resolved to their company, and the subscription', async () => {
    const response = await me(await server.mintIdToken(operator.identityId));
    expect(response.status).toBe(200);
    const body = currentUserSchema.parse(await response.json());
    expect(body.user).toMatchObject({
      userId: operator.userId,
      name: 'Olga Operator',
      email: operator.email,
    });
    expect(body.permissions['assets:read']).toEqual([
      { attributes: { companyId: { type: 'VALUES', values: [operator.companyId] } } },
    ]);
    expect(body.permissions['netsuite:manage']).toBeUndefined();
    expect(body.subscription).toEqual({
      companyId: operator.companyId,
      companyName: 'Northwind Data',
      plan: 'ENHANCED_SUPPORT',
    });
  });

  it('never sends the password hash', async () => {
    const response = await me(await server.mintIdToken(admin.identityId));
    const text = await response.text();
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('argon2');
  });

  it('gives provider administrators ALL grants', async () => {
    const body = currentUserSchema.parse(await (await me(await server.mintIdToken(admin.identityId))).json());
    expect(body.permissions['companies:write']).toEqual([{ attributes: { companyId: { type: 'ALL' } } }]);
  });

  describe('refuses with 401 and the error envelope', () => {
    async function expectRefused(response: Response) {
      expect(response.status).toBe(401);
      const body = errorEnvelopeSchema.parse(await response.json());
      expect(body.code).toBe('UNAUTHORIZED');
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    }

    it('no token', async () => {
      await expectRefused(await me());
    });

    it('an expired token', async () => {
      const expired = await server.mintIdToken(operator.identityId, {
        expiresIn: Math.floor(Date.now() / 1000) - 60,
      });
      await expectRefused(await me(expired));
    });

    it('a token signed by another key', async () => {
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const ourKid = server.signingKeys[0]?.kid ?? 'unknown';
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: ourKid })
        .setSubject(operator.identityId)
        .setIssuer(server.config.identity.issuer)
        .setAudience(server.config.identity.clientId)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      await expectRefused(await me(forged));
      expect(await exportJWK(privateKey)).toHaveProperty('d');
    });

    it('an alg none token', async () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
        sub: operator.identityId,
        iss: server.config.identity.issuer,
        aud: server.config.identity.clientId,
        iat: now,
        exp: now + 600,
      })}.`;
      await expectRefused(await me(unsigned));
    });

    it('a token for another audience', async () => {
      await expectRefused(
        await me(await server.mintIdToken(operator.identityId, { audience: 'someone-else' })),
      );
    });

    it('a valid token of a deleted or unknown user', async () => {
      await expectRefused(await me(await server.mintIdToken('kelvin|nobody')));
    });
  });
});

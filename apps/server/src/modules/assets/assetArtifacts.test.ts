import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetArtifactSchema } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { insertArtifact } from './assetArtifactsRepository.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from './assetsTestFixture.ts';

describe('asset artifacts', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  let logId: number;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    const db = server.database.db;
    const agent = fleet.ids.agentA1;
    const base = { assetId: agent, contentType: 'application/json', fileSizeInBytes: 120 };
    await insertArtifact(db, {
      ...base,
      artifactType: 'system-metadata',
      fileName: 'old.json',
      filePath: `asset-artifacts/${agent}/old.json`,
      metadata: [{ name: 'firmwareVersion', value: '4.11.0' }],
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    await insertArtifact(db, {
      ...base,
      artifactType: 'system-metadata',
      fileName: 'new.json',
      filePath: `asset-artifacts/${agent}/new.json`,
      metadata: { firmwareVersion: '4.12.3', uptimeDays: 12, os: { name: 'Debian' } },
      createdAt: new Date('2025-06-01T00:00:00Z'),
    });
    logId = (
      await insertArtifact(db, {
        ...base,
        artifactType: 'log',
        fileName: 'agent.log',
        contentType: 'text/plain',
        filePath: `asset-artifacts/${agent}/agent.log`,
        createdAt: new Date('2025-03-01T00:00:00Z'),
      })
    ).assetArtifactIndexId;
  });
  afterAll(() => server.close());

  const artifactList = z.array(assetArtifactSchema);

  describe('assets.artifacts.list', () => {
    it('lists newest first, optionally of one type', async () => {
      const { users, ids: a } = fleet;
      const all = artifactList.parse(
        (await api(users.operatorA, 'POST', '/assets.artifacts.list', { assetId: a.agentA1 })).body,
      );
      expect(all.map((artifact) => artifact.fileName)).toEqual(['new.json', 'agent.log', 'old.json']);
      const logs = artifactList.parse(
        (
          await api(users.operatorA, 'POST', '/assets.artifacts.list', {
            assetId: a.agentA1,
            artifactType: 'log',
          })
        ).body,
      );
      expect(logs.map((artifact) => artifact.assetArtifactIndexId)).toEqual([logId]);
    });

    it('refuses another company (404) and a bad body (400)', async () => {
      const { users, ids: a } = fleet;
      expect((await api(users.adminB, 'POST', '/assets.artifacts.list', { assetId: a.agentA1 })).status).toBe(
        404,
      );
      expect(
        errorOf(await api(users.adminA, 'POST', '/assets.artifacts.list', { assetId: -3 })).message,
      ).toContain('body.assetId');
    });
  });

  describe('assets.artifacts.getDownloadS3SignedUrl', () => {
    it('signs a short-lived URL that names the file', async () => {
      const answer = await api(fleet.users.adminA, 'POST', '/assets.artifacts.getDownloadS3SignedUrl', {
        assetArtifactIndexId: logId,
      });
      expect(answer.status).toBe(200);
      const url = new URL(z.object({ url: z.string() }).parse(answer.body).url);
      expect(url.pathname).toBe(`/files/asset-artifacts/${fleet.ids.agentA1}/agent.log`);
      expect(url.searchParams.get('name')).toBe('agent.log');
      expect(url.searchParams.get('type')).toBe('text/plain');
      const expires = Number(url.searchParams.get('expires'));
      expect(expires - Date.now() / 1000).toBeGreaterThan(290);
      expect(expires - Date.now() / 1000).toBeLessThanOrEqual(300);
    });

    it('refuses another company and unknown artifacts with 404, a bad body with 400', async () => {
      const { users } = fleet;
      const path = '/assets.artifacts.getDownloadS3SignedUrl';
      expect((await api(users.adminB, 'POST', path, { assetArtifactIndexId: logId })).status).toBe(404);
      expect((await api(users.adminA, 'POST', path, { assetArtifactIndexId: 999999 })).status).toBe(404);
      expect((await api(users.noRolesA, 'POST', path, { assetArtifactIndexId: logId })).status).toBe(403);
      expect(errorOf(await api(users.adminA, 'POST', path, {})).message).toContain(
        'body.assetArtifactIndexId',
      );
    });
  });

  describe('GET assets/{assetId}/artifacts/system-metadata/last', () => {
    const pairs = z.array(z.object({ name: z.string(), value: z.string() }));

    it('answers the pairs of the newest system-metadata artifact as text', async () => {
      const answer = await api(
        fleet.users.operatorA,
        'GET',
        `/assets/${fleet.ids.agentA1}/artifacts/system-metadata/last`,
      );
      expect(answer.status).toBe(200);
      // Stored as an object, whose key order jsonb does not keep; agents send lists when order matters.
      const byName = pairs.parse(answer.body).sort((x, y) => x.name.localeCompare(y.name));
      expect(byName).toEqual([
        { name: 'firmwareVersion', value: '4.12.3' },
        { name: 'os', value: '{"name":"Debian"}' },
        { name: 'uptimeDays', value: '12' },
      ]);
    });

    it('answers an empty list for an invisible, unknown or artifact-less asset, and without permission', async () => {
      const { users, ids: a } = fleet;
      for (const [user, assetId] of [
        [users.adminB, a.agentA1],
        [users.operatorA, a.unitA3],
        [users.adminA, 999999],
        [users.adminA, a.unitA1],
        [users.noRolesA, a.agentA1],
      ] as const) {
        const answer = await api(user, 'GET', `/assets/${assetId}/artifacts/system-metadata/last`);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual([]);
      }
    });

    it('still refuses an id that is not an id, naming the field', async () => {
      const answer = await api(fleet.users.adminA, 'GET', '/assets/abc/artifacts/system-metadata/last');
      expect(answer.status).toBe(400);
      expect(errorOf(answer).message).toContain('params.assetId');
    });
  });
});

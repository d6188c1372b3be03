import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { events, fileAttachments } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { createPointResolver } from '../telemetry/pointResolver.ts';
import { createPointWriter } from '../telemetry/pointWriter.ts';
import { processUpload, uploadBatchId } from './processUpload.ts';
import type { ResolvedPoint } from '../telemetry/pointResolver.ts';
import { buildUploadMetrics, gz, registerUpload, settled, storedPoints, upload } from './uploadsTestKit.ts';

describe('asset data upload processing', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  let metrics: Awaited<ReturnType<typeof buildUploadMetrics>>;
  // Each test uses its own minutes of the last day, so that points of one file never count for another.
  const base = Date.now() - 20 * 3_600_000;
  const at = (minute: number) => base + minute * 60_000;
  const TEMPERATURE = 'uploadTest.supplyAirTemperature';
  const FAN = 'uploadTest.fanRunning';

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    metrics = await buildUploadMetrics(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const pointsAt = async (assetId: number, metricId: number, fromMinute: number, toMinute: number) =>
    (await storedPoints(server, assetId, metricId)).filter(
      (point) => point.ts >= at(fromMinute) && point.ts < at(toMinute),
    );

  it('ingests a gzip CSV with epoch and ISO times, statuses and units, through every status', async () => {
    const unit = fleet.ids.unitA1;
    const csv = [
      'assetId,alias,ts,value,status,units',
      `${unit},${TEMPERATURE},${at(0)},18.5,1,°C`,
      `${unit},${TEMPERATURE},${new Date(at(1)).toISOString()},19.25,,`,
      '',
      `${unit},${FAN},${at(1)},true,2,`,
      `${unit},"${TEMPERATURE}",${at(2)},20,1,°C`,
    ].join('\r\n');
    const created = await upload(api, fleet.users.adminA, 'readings.csv.gz', gz(csv));
    const row = await settled(server.database.db, created.fileAttachmentId);
    expect(row).toMatchObject({ status: 'INGESTED', failureReason: null, pointsIngested: 4 });

    expect(await pointsAt(unit, metrics.temperature.metricId, 0, 10)).toEqual([
      { ts: at(0), value: 18.5 },
      { ts: at(1), value: 19.25 },
      { ts: at(2), value: 20 },
    ]);
    expect(await pointsAt(unit, metrics.fan.metricId, 0, 10)).toEqual([{ ts: at(1), value: 1 }]);

    const changes = await server.database.db
      .select()
      .from(events)
      .where(
        and(eq(events.subjectType, 'fileAttachment'), eq(events.subjectId, String(created.fileAttachmentId))),
      )
      .orderBy(asc(events.eventId));
    expect(
      changes.map((event) => [
        event.name,
        z.object({ status: z.string().optional() }).parse(event.data).status ?? null,
      ]),
    ).toEqual([
      ['fileAttachments.create', null],
      ['fileAttachments.status', 'UPLOADED'],
      ['fileAttachments.status', 'SCHEDULED_FOR_PROCESSING'],
      ['fileAttachments.status', 'PROCESSING'],
      ['fileAttachments.status', 'INGESTED'],
    ]);
  });

  it('ingests a gzip NDJSON file with its header line', async () => {
    const unit = fleet.ids.unitA2;
    const lines = [
      { format: 'kelvin-asset-data', version: 1 },
      { assetId: unit, alias: TEMPERATURE, ts: at(20), value: 21.5 },
      {
        assetId: unit,
        metricId: metrics.temperature.metricId,
        ts: new Date(at(21)).toISOString(),
        value: 22,
      },
      { assetId: unit, alias: FAN, ts: at(21), value: false, status: 1 },
    ];
    const created = await upload(
      api,
      fleet.users.providerAdmin,
      'readings.ndjson.gz',
      gz(lines.map((line) => JSON.stringify(line)).join('\n') + '\n'),
    );
    expect(await settled(server.database.db, created.fileAttachmentId)).toMatchObject({
      status: 'INGESTED',
      pointsIngested: 3,
    });
    expect(await pointsAt(unit, metrics.temperature.metricId, 20, 30)).toEqual([
      { ts: at(20), value: 21.5 },
      { ts: at(21), value: 22 },
    ]);
  });

  const csvOf = (...rows: string[]) => gz(['assetId,alias,ts,value', ...rows].join('\n'));
  const ndjsonOf = (...rows: unknown[]) =>
    gz([{ format: 'kelvin-asset-data', version: 1 }, ...rows].map((row) => JSON.stringify(row)).join('\n'));
  /** Each file has a good first point (line 2), so that "nothing stored" proves the file was all or nothing. */
  const failures: [string, (unit: number, other: number) => Buffer, (other: number) => string][] = [
    [
      'a corrupt gzip',
      () => Buffer.from('this is not gzip at all'),
      () => 'The file is not valid gzip data.',
    ],
    [
      'a truncated gzip',
      (unit) =>
        csvOf(`${unit},${TEMPERATURE},${at(40)},1`, `${unit},${TEMPERATURE},${at(41)},2`).subarray(0, 40),
      () => 'The file is not valid gzip data.',
    ],
    [
      'a bad row',
      (unit) => csvOf(`${unit},${TEMPERATURE},${at(40)},1`, `${unit},${TEMPERATURE},${at(41)},`),
      () => 'Line 3: value must be a number, boolean or text.',
    ],
    [
      'an NDJSON value that is an object',
      (unit) =>
        ndjsonOf(
          { assetId: unit, alias: TEMPERATURE, ts: at(40), value: 1 },
          { assetId: unit, alias: TEMPERATURE, ts: at(41), value: { x: 1 } },
        ),
      () => 'Line 3: value must be a number, boolean or text.',
    ],
    [
      'an unknown asset',
      (unit) => csvOf(`${unit},${TEMPERATURE},${at(40)},1`, `987654,${TEMPERATURE},${at(41)},2`),
      () => 'Line 3: Asset 987654 not found.',
    ],
    [
      'an unknown alias',
      (unit) => csvOf(`${unit},${TEMPERATURE},${at(40)},1`, `${unit},no.such.alias,${at(41)},2`),
      () => 'Line 3: Unknown metric alias "no.such.alias".',
    ],
    [
      "another company's asset",
      (unit, other) => csvOf(`${unit},${TEMPERATURE},${at(40)},1`, `${other},${TEMPERATURE},${at(41)},2`),
      (other) => `Line 3: Asset ${other} not found.`,
    ],
  ];

  it.each(failures)(
    'fails the whole file on %s, naming the problem, and stores none of its points',
    async (_name, file, reason) => {
      const unit = fleet.ids.unitA3;
      const other = fleet.ids.unitB;
      const created = await upload(api, fleet.users.adminA, 'bad.csv.gz', file(unit, other));
      expect(await settled(server.database.db, created.fileAttachmentId)).toMatchObject({
        status: 'ERROR',
        failureReason: reason(other),
        pointsIngested: null,
      });
      expect(await pointsAt(unit, metrics.temperature.metricId, 40, 50)).toEqual([]);
    },
  );

  it('takes over a file left PROCESSING by a stopped server without storing its chunks twice', async () => {
    const unit = fleet.ids.unitA1;
    const csv = [
      'assetId,alias,ts,value',
      `${unit},${TEMPERATURE},${at(60)},5`,
      `${unit},${TEMPERATURE},${at(61)},6`,
    ];
    const bytes = gz(csv.join('\n'));
    const created = await registerUpload(api, fleet.users.adminA, 'resumed.csv.gz', bytes.length);
    const { db } = server.database;
    // As if a previous run stored the file, claimed it and wrote its first chunk before it stopped.
    await server.files.put(`asset-data/${fleet.companyA.companyId}/${created.requestId}.gz`, bytes);
    const resolver = createPointResolver(db);
    const { resolved } = await resolver.resolve(
      [
        { assetId: unit, alias: TEMPERATURE, ts: at(60), value: 5 },
        { assetId: unit, alias: TEMPERATURE, ts: at(61), value: 6 },
      ],
      { companies: 'ALL' },
    );
    await createPointWriter({ db, timeseries: server.timeseries, bus: server.bus }).write(
      resolved.map((entry) => entry.point),
      { batchId: uploadBatchId(created.requestId, 0) },
    );
    await db
      .update(fileAttachments)
      .set({ status: 'PROCESSING', updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(fileAttachments.fileAttachmentId, created.fileAttachmentId));

    expect(await settled(db, created.fileAttachmentId, 20_000)).toMatchObject({ status: 'INGESTED' });
    expect(await pointsAt(unit, metrics.temperature.metricId, 60, 70)).toEqual([
      { ts: at(60), value: 5 },
      { ts: at(61), value: 6 },
    ]);
  });

  it('reads a file too large to keep twice, writing chunk by chunk with batch ids from the request id', async () => {
    const unit = fleet.ids.unitA1;
    const rows = Array.from({ length: 5 }, (_, index) => `${unit},${TEMPERATURE},${at(80 + index)},${index}`);
    const bytes = gz(['assetId,alias,ts,value', ...rows].join('\n'));
    const { db } = server.database;
    const created = await registerUpload(api, fleet.users.adminA, 'large.csv.gz', bytes.length);
    const [row] = await db
      .select()
      .from(fileAttachments)
      .where(eq(fileAttachments.fileAttachmentId, created.fileAttachmentId));
    if (!row) throw new Error('upload missing');
    await server.files.put(row.filepath, bytes);
    const writes: { batchId: string | undefined; points: readonly ResolvedPoint[] }[] = [];
    const total = await processUpload(
      {
        db,
        files: server.files,
        resolver: createPointResolver(db),
        writer: {
          write: (points, options) => {
            writes.push({ batchId: options?.batchId, points });
            return Promise.resolve({ duplicate: false });
          },
        },
      },
      row,
      {
        signal: new AbortController().signal,
        heartbeat: () => Promise.resolve(),
        chunkSize: 2,
        memoryPoints: 3,
      },
    );
    expect(total).toBe(5);
    expect(writes.map((write) => [write.batchId, write.points.length])).toEqual([
      [`upload:${created.requestId}:0`, 2],
      [`upload:${created.requestId}:1`, 2],
      [`upload:${created.requestId}:2`, 1],
    ]);
  });
});

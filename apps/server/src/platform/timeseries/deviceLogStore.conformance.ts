import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogLevel } from '@kelvin/contract';
import type { DeviceLogEntry, DeviceLogQuery, StoredDeviceLog } from './deviceLogStore.ts';
import type { StoreHandle } from './timeSeriesStore.conformance.ts';
import { HOUR, T0 } from './timeSeriesStore.fixtures.ts';
import type { TimeSeriesStore } from './timeSeriesStore.ts';

const DAY = 24 * HOUR;
const LEVELS: LogLevel[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'];
const SOURCES = ['controller', 'compressor.1', 'modbus'];

/** `count` entries of an asset from `start`, `stepMs` apart, levels and sources in turn, messages numbered. */
function entries(assetId: number, start: number, count: number, stepMs: number): DeviceLogEntry[] {
  return Array.from({ length: count }, (_, index): DeviceLogEntry => ({
    assetId,
    ts: start + index * stepMs,
    level: LEVELS[index % LEVELS.length] ?? 'INFO',
    source: SOURCES[index % SOURCES.length] ?? 'controller',
    message: `Line ${index} of unit ${assetId}`,
    fields: index % 2 === 0 ? { index, even: true, note: `n${index}` } : {},
  }));
}

/** An entry's identity in these tests: its time and its (numbered) message. */
const key = (entry: StoredDeviceLog) => `${entry.ts}/${entry.message}`;

async function allPages(store: TimeSeriesStore, query: Omit<DeviceLogQuery, 'before'>) {
  const seen: StoredDeviceLog[] = [];
  for (let page = 0; page < 1000; page++) {
    const last = seen.at(-1);
    const answer = await store.logs.query({
      ...query,
      before: last ? { ts: last.ts, seq: last.seq } : undefined,
    });
    seen.push(...answer.entries);
    if (!answer.hasMore) return seen;
  }
  throw new Error('paging did not end');
}

/** The behaviour every engine's DeviceLogStore must show, with a fresh store per test. */
export function defineDeviceLogStoreConformance(engine: string, open: () => Promise<StoreHandle>): void {
  describe(`DeviceLogStore conformance: ${engine}`, () => {
    let handle: StoreHandle;
    let store: TimeSeriesStore;
    beforeEach(async () => {
      handle = await open();
      store = handle.store;
    });
    afterEach(() => handle.dispose());

    it('answers an asset newest first with levels and fields as sent, and nothing of other assets', async () => {
      await store.logs.insert([...entries(1, T0, 30, 1000), ...entries(2, T0, 5, 1000)]);
      const page = await store.logs.query({ assetId: 1, from: T0, to: T0 + HOUR, limit: 10 });
      expect(page.hasMore).toBe(true);
      expect(page.entries.map((entry) => entry.ts)).toEqual(
        Array.from({ length: 10 }, (_, index) => T0 + (29 - index) * 1000),
      );
      expect(page.entries[1]).toMatchObject({
        assetId: 1,
        level: 'ERROR',
        source: 'compressor.1',
        message: 'Line 28 of unit 1',
        fields: { index: 28, even: true, note: 'n28' },
      });
      expect(page.entries[0]?.fields).toEqual({});
      const other = await store.logs.query({ assetId: 2, from: T0, to: T0 + HOUR, limit: 10 });
      expect(other).toMatchObject({ hasMore: false });
      expect(other.entries).toHaveLength(5);
    });

    it('keeps to [from, to), and without `to` reaches the newest entry', async () => {
      await store.logs.insert(entries(1, T0, 10, 60_000));
      const page = await store.logs.query({ assetId: 1, from: T0 + 60_000, to: T0 + 180_000, limit: 50 });
      expect(page.entries.map((entry) => entry.ts)).toEqual([T0 + 120_000, T0 + 60_000]);
      const open = await store.logs.query({ assetId: 1, from: T0 + 500_000, limit: 50 });
      expect(open.entries.map((entry) => entry.ts)).toEqual([T0 + 540_000]);
    });

    it('filters by levels and sources, and searches source and message case-insensitively', async () => {
      await store.logs.insert([
        ...entries(1, T0, 12, 1000),
        {
          assetId: 1,
          ts: T0 + 50_000,
          level: 'ERROR',
          source: 'bacnet',
          message: "Ventilator 'FAN-2' 100% \\ _x_",
          fields: {},
        },
        { assetId: 1, ts: T0 + 51_000, level: 'WARN', source: 'Modbus-GW', message: 'Timeout', fields: {} },
      ]);
      const query = { assetId: 1, from: T0, to: T0 + HOUR, limit: 100 };
      const levels = await store.logs.query({ ...query, levels: ['ERROR', 'FATAL'] });
      expect(levels.entries.map((entry) => entry.message)).toEqual([
        "Ventilator 'FAN-2' 100% \\ _x_",
        'Line 11 of unit 1',
        'Line 10 of unit 1',
        'Line 5 of unit 1',
        'Line 4 of unit 1',
      ]);
      const sources = await store.logs.query({ ...query, sources: ['modbus', 'bacnet'] });
      expect(sources.entries).toHaveLength(5);
      expect(new Set(sources.entries.map((entry) => entry.source))).toEqual(new Set(['modbus', 'bacnet']));
      const search = async (text: string) =>
        (await store.logs.query({ ...query, search: text })).entries.map((entry) => entry.message);
      expect(await search("  fan-2' 100% \\ _X_ ")).toEqual(["Ventilator 'FAN-2' 100% \\ _x_"]);
      expect(await search('MODBUS')).toEqual([
        'Timeout',
        ...['Line 11', 'Line 8', 'Line 5', 'Line 2'].map((line) => `${line} of unit 1`),
      ]);
      expect(await search('line 1')).toEqual(['Line 11 of unit 1', 'Line 10 of unit 1', 'Line 1 of unit 1']);
      // Wildcards of LIKE are plain characters here.
      expect(await search('100_')).toEqual([]);
      expect(await search('   ')).toHaveLength(14);
      const combined = await store.logs.query({
        ...query,
        levels: ['WARN'],
        sources: ['Modbus-GW'],
        search: 'time',
      });
      expect(combined.entries.map((entry) => entry.message)).toEqual(['Timeout']);
    });

    it('pages with cursors through entries sharing timestamps, each once, in order', async () => {
      // 250 entries on 50 distinct milliseconds, inserted in three calls: ties within and across inserts.
      const all = entries(1, T0, 250, 0).map((entry, index) => ({ ...entry, ts: T0 + (index % 50) * 10 }));
      await store.logs.insert(all.slice(0, 100));
      await store.logs.insert(all.slice(100, 180));
      await store.logs.insert(all.slice(180));
      const paged = await allPages(store, { assetId: 1, from: T0, to: T0 + HOUR, limit: 7 });
      expect(paged).toHaveLength(250);
      expect(new Set(paged.map(key)).size).toBe(250);
      for (let index = 1; index < paged.length; index++) {
        const previous = paged[index - 1];
        const current = paged[index];
        if (!previous || !current) continue;
        expect(previous.ts > current.ts || (previous.ts === current.ts && previous.seq > current.seq)).toBe(
          true,
        );
      }
      // Filtered paging visits exactly the filtered entries.
      const errors = await allPages(store, {
        assetId: 1,
        from: T0,
        to: T0 + HOUR,
        limit: 4,
        levels: ['ERROR'],
      });
      expect(errors.map(key).sort()).toEqual(
        all
          .filter((entry) => entry.level === 'ERROR')
          .map((entry) => `${entry.ts}/${entry.message}`)
          .sort(),
      );
    });

    it('finds the newest entries of a sparse asset across a month, and pages back to the oldest', async () => {
      // Entries 5 days apart: every page needs windows far back from the end of the range.
      await store.logs.insert(entries(3, T0, 7, 5 * DAY));
      const range = { assetId: 3, from: T0, to: T0 + 31 * DAY };
      const first = await store.logs.query({ ...range, limit: 2 });
      expect(first.entries.map((entry) => entry.ts)).toEqual([T0 + 30 * DAY, T0 + 25 * DAY]);
      const paged = await allPages(store, { ...range, limit: 3 });
      expect(paged.map((entry) => entry.ts)).toEqual(
        Array.from({ length: 7 }, (_, index) => T0 + (6 - index) * 5 * DAY),
      );
    });

    it('tails: `after` answers the next newer entries oldest-first to fill the page, listed newest first', async () => {
      await store.logs.insert(entries(1, T0, 10, 1000));
      const [newest] = (await store.logs.query({ assetId: 1, from: T0, limit: 1 })).entries;
      expect(newest?.ts).toBe(T0 + 9000);
      const cursor = { ts: newest?.ts ?? 0, seq: newest?.seq ?? 0 };
      expect(await store.logs.query({ assetId: 1, from: T0, after: cursor, limit: 5 })).toEqual({
        entries: [],
        hasMore: false,
      });
      await store.logs.insert(
        entries(1, T0 + 10_000, 8, 1000).map((entry) => ({ ...entry, message: `new ${entry.ts}` })),
      );
      const tail = await store.logs.query({ assetId: 1, from: T0, after: cursor, limit: 5 });
      expect(tail.hasMore).toBe(true);
      expect(tail.entries.map((entry) => entry.ts)).toEqual(
        [14_000, 13_000, 12_000, 11_000, 10_000].map((ms) => T0 + ms),
      );
      const top = tail.entries[0];
      const rest = await store.logs.query({
        assetId: 1,
        from: T0,
        after: { ts: top?.ts ?? 0, seq: top?.seq ?? 0 },
        limit: 5,
      });
      expect(rest).toMatchObject({ hasMore: false });
      expect(rest.entries.map((entry) => entry.ts)).toEqual([17_000, 16_000, 15_000].map((ms) => T0 + ms));
    });

    it('stores a batch id once, apart from telemetry batch ids, and lets one of concurrent sends through', async () => {
      const batch = entries(1, T0, 20, 1000);
      expect(await store.logs.insert(batch, { batchId: 'agent:1:a' })).toEqual({ duplicate: false });
      expect(await store.logs.insert(batch, { batchId: 'agent:1:a' })).toEqual({ duplicate: true });
      // The same id on points is another batch, and points do not make a log batch a duplicate.
      expect(
        await store.insert([{ assetId: 1, metricId: 1, ts: T0, value: 1 }], { batchId: 'agent:1:b' }),
      ).toEqual({ duplicate: false });
      expect(await store.logs.insert(batch, { batchId: 'agent:1:b' })).toEqual({ duplicate: false });
      const answers = await Promise.all([
        store.logs.insert(batch, { batchId: 'agent:1:race' }),
        store.logs.insert(batch, { batchId: 'agent:1:race' }),
      ]);
      expect(answers.map((answer) => answer.duplicate).sort()).toEqual([false, true]);
      const stored = await allPages(store, { assetId: 1, from: T0, to: T0 + HOUR, limit: 500 });
      expect(stored).toHaveLength(60);
    });

    it('lists the sources of an asset in a range with their counts', async () => {
      await store.logs.insert([...entries(1, T0, 10, 60_000), ...entries(2, T0, 4, 1000)]);
      expect(await store.logs.sources({ assetId: 1, from: T0, to: T0 + 5 * 60_000, limit: 100 })).toEqual([
        { source: 'compressor.1', count: 2 },
        { source: 'controller', count: 2 },
        { source: 'modbus', count: 1 },
      ]);
      expect(await store.logs.sources({ assetId: 1, from: T0, limit: 2 })).toHaveLength(2);
      expect(await store.logs.sources({ assetId: 9, from: T0, limit: 100 })).toEqual([]);
    });

    it('applies retention to logs only, and answers the same after compaction', async () => {
      await store.logs.insert([...entries(1, T0, 48, HOUR), ...entries(2, T0, 48, HOUR)]);
      await store.insert([{ assetId: 1, metricId: 1, ts: T0, value: 1 }]);
      const query = { assetId: 1, from: T0, to: T0 + 3 * DAY, limit: 500 };
      const before = await store.logs.query(query);
      await store.logs.compact(T0 + 3 * DAY);
      expect(await store.logs.query(query)).toEqual(before);
      await store.logs.applyRetention({ maxAgeMs: DAY, now: T0 + 2 * DAY });
      const kept = await store.logs.query(query);
      expect(kept.entries.map((entry) => entry.ts).at(-1)).toBe(T0 + DAY);
      expect(kept.entries).toHaveLength(24);
      const [raw] = await store.query({
        assetIds: [1],
        metrics: [{ metricId: 1, aggregation: 'RAW' }],
        from: T0,
        to: T0 + HOUR,
        intervalMs: 1,
      });
      expect(raw?.timestamps).toEqual([T0]);
    });
  });
}

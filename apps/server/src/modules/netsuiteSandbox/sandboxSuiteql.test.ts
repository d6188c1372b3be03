import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { parseSuiteql } from './suiteqlParser.ts';
import { expectNetsuiteError, readPage, sandboxCaller, type SandboxCaller } from './sandboxTestKit.ts';

let server: TestServer;
let sandbox: SandboxCaller;

beforeAll(async () => {
  server = await startTestServer();
  sandbox = sandboxCaller(server);
});
afterAll(async () => {
  await server.close();
});

async function rows(q: string, query = '') {
  return readPage(await sandbox.suiteql(q, query));
}

describe('the SuiteQL parser', () => {
  it('reads the supported grammar into a tree', () => {
    expect(
      parseSuiteql(
        "SELECT id, UPPER(fullname) FROM job WHERE NOT (isinactive = 'T') AND (parent IN (1, 2) OR LOWER(job.fullname) LIKE '%it''s%') AND externalid IS NOT NULL ORDER BY fullname DESC, id",
      ),
    ).toEqual({
      columns: [{ column: 'id' }, { column: 'fullname', fn: 'UPPER' }],
      table: 'job',
      where: {
        kind: 'and',
        left: {
          kind: 'and',
          left: {
            kind: 'not',
            operand: {
              kind: 'compare',
              column: { column: 'isinactive' },
              op: '=',
              value: { kind: 'string', value: 'T' },
            },
          },
          right: {
            kind: 'or',
            left: {
              kind: 'in',
              column: { column: 'parent' },
              values: [
                { kind: 'number', value: 1 },
                { kind: 'number', value: 2 },
              ],
              negated: false,
            },
            right: {
              kind: 'like',
              column: { column: 'job.fullname', fn: 'LOWER' },
              pattern: "%it's%",
              negated: false,
            },
          },
        },
        right: { kind: 'null', column: { column: 'externalid' }, negated: true },
      },
      orderBy: [
        { column: { column: 'fullname' }, descending: true },
        { column: { column: 'id' }, descending: false },
      ],
    });
  });

  it.each([
    'SELECT id FROM job; DROP TABLE companies',
    "SELECT id FROM job WHERE fullname = 'a' -- comment",
    'SELECT id FROM job WHERE fullname = "a"',
    "SELECT id FROM job WHERE fullname = 'unclosed",
    'SELECT id FROM job UNION SELECT id FROM customer',
    'SELECT id FROM (SELECT id FROM job)',
    'SELECT id, FROM job',
    'DELETE FROM job',
  ])('refuses %s', (query) => {
    expect(() => parseSuiteql(query)).toThrow(/Invalid search query/);
  });
});

describe('SuiteQL over HTTP', () => {
  it('filters with LIKE on the name chain, orders, and pages with links', async () => {
    const query = "SELECT id, fullname FROM job WHERE LOWER(fullname) LIKE '%northwind%' ORDER BY fullname";
    const all = await rows(query);
    expect(all.totalResults).toBe(all.count);
    const names = all.items.map((row) => String(row.fullname));
    expect(names.length).toBeGreaterThan(4);
    expect(names.every((name) => name.startsWith('Northwind Data Centers : '))).toBe(true);
    expect(names).toEqual([...names].sort());

    const first = await rows(query, '?limit=2&offset=0');
    expect(first).toMatchObject({ count: 2, hasMore: true, offset: 0, totalResults: all.totalResults });
    expect(first.items).toEqual(all.items.slice(0, 2));
    expect(first.items[0]?.links).toEqual([]);
    expect(first.links.find((link) => link.rel === 'next')?.href).toBe(
      `${sandbox.base}/services/rest/query/v1/suiteql?limit=2&offset=2`,
    );
    const second = await rows(query, '?limit=2&offset=2');
    expect(second.items).toEqual(all.items.slice(2, 4));
  });

  it('compares numbers as numbers, and answers every value as a string', async () => {
    const cheap = await rows(
      "SELECT itemid, baseprice, itemtype FROM item WHERE itemtype = 'InvtPart' AND baseprice < 50 ORDER BY baseprice DESC",
    );
    const prices = cheap.items.map((row) => Number(row.baseprice));
    expect(prices.length).toBeGreaterThan(2);
    expect(prices.every((price) => price < 50)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(cheap.items.every((row) => typeof row.baseprice === 'string' && row.itemtype === 'InvtPart')).toBe(
      true,
    );

    const labour = await rows(
      "SELECT itemid, itemtype FROM item WHERE itemid IN ('LABOR-FIELD', 'LABOR-TRAVEL') ORDER BY itemid",
    );
    expect(labour.items).toEqual([
      { links: [], itemid: 'LABOR-FIELD', itemtype: 'Service' },
      { links: [], itemid: 'LABOR-TRAVEL', itemtype: 'Service' },
    ]);
    const notIn = await rows('SELECT id FROM customer WHERE id NOT IN (10451, 10472)');
    expect(notIn.items.map((row) => row.id)).toEqual(['10503']);
  });

  it('leaves null columns out of a row and selects every column with *', async () => {
    const [customer] = (await rows("SELECT * FROM customer WHERE id = '10451'")).items;
    expect(customer).toMatchObject({ id: '10451', entityid: 'Northwind Data Centers', isinactive: 'F' });
    expect(customer).not.toHaveProperty('phone');
    const nullPhones = await rows('SELECT id FROM customer WHERE phone IS NULL');
    expect(nullPhones.totalResults).toBe(3);
  });

  it('treats quotes and SQL in values as values', async () => {
    const injection = await rows("SELECT id FROM customer WHERE entityid = 'x'' OR ''1''=''1'");
    expect(injection.totalResults).toBe(0);
    const tricky = await rows("SELECT id FROM customer WHERE entityid LIKE '%''; DROP TABLE companies; --%'");
    expect(tricky.totalResults).toBe(0);
    expect((await rows('SELECT id FROM customer')).totalResults).toBe(3);
  });

  it('refuses what it does not support, unknown tables and columns, and a missing Prefer: transient', async () => {
    for (const q of [
      'SELECT id FROM customer; DELETE FROM customer',
      'SELECT id FROM employee',
      'SELECT password FROM customer',
      "SELECT id FROM customer WHERE id = 'abc'",
      'SELECT id FROM customer WHERE BUILTIN.DF(id) = 1',
    ])
      await expectNetsuiteError(await sandbox.suiteql(q), 400, 'INVALID_PARAMETER');
    await expectNetsuiteError(
      await sandbox.suiteql('SELECT id FROM customer', '', {}),
      400,
      'INVALID_PARAMETER',
    );
    await expectNetsuiteError(
      await sandbox.suiteql('SELECT id FROM customer', '?limit=5000'),
      400,
      'INVALID_PARAMETER',
    );
    await expectNetsuiteError(
      await sandbox.rest('POST', '/services/rest/query/v1/suiteql', {
        body: {},
        headers: { prefer: 'transient' },
      }),
      400,
      'INVALID_CONTENT',
    );
  });
});

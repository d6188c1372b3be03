import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, idParam } from '@kelvin/contract';
import type { FuzzBody, FuzzCase, FuzzRequest } from './fuzzCases.ts';
import { malformedReason } from './fuzzOracle.ts';
import { RawJson } from './fuzzValues.ts';

const updateWidget = endpoint({
  name: 'widgets.update',
  method: 'POST',
  path: '/widgets/{widgetId}',
  summary: 'test',
  auth: 'user',
  params: z.strictObject({ widgetId: idParam }),
  query: z.strictObject({ dryRun: z.enum(['true', 'false']).optional() }),
  body: z.strictObject({ name: z.string().min(1), note: z.string().optional() }),
  output: z.object({ ok: z.literal(true) }),
});
const listWidgets = endpoint({
  name: 'widgets.list',
  method: 'POST',
  path: '/widgets.list',
  summary: 'test',
  auth: 'user',
  body: z.strictObject({ search: z.string().optional() }).optional(),
  output: z.object({ ok: z.literal(true) }),
});

const request = (changes: Partial<FuzzRequest> = {}): FuzzRequest => ({
  params: { widgetId: '7' },
  query: [],
  body: { kind: 'json', value: { name: 'Fan wall' } },
  ...changes,
});
const caseOf = (changes: Partial<FuzzRequest> = {}): FuzzCase => ({
  label: 'test',
  target: 'body',
  validJson: true,
  request: request(changes),
});
const withBody = (body: FuzzBody) => caseOf({ body });

describe('fuzz oracle', () => {
  it('takes a request the contract accepts, an optional field or parameter left out or given', () => {
    expect(malformedReason(updateWidget, caseOf())).toBeNull();
    expect(
      malformedReason(updateWidget, withBody({ kind: 'json', value: { name: 'x', note: '{{7*7}}' } })),
    ).toBeNull();
    expect(malformedReason(updateWidget, caseOf({ query: [['dryRun', 'true']] }))).toBeNull();
    expect(
      malformedReason(listWidgets, caseOf({ params: {}, body: { kind: 'json', value: {} } })),
    ).toBeNull();
  });

  it('reads a body as the server does: prototype keys dropped, JSON null as no body', () => {
    const raw = (text: string): FuzzBody => ({ kind: 'raw', text, contentType: 'application/json' });
    const list = (body: FuzzBody) => malformedReason(listWidgets, caseOf({ params: {}, body }));
    expect(list(raw('{"__proto__":{"admin":true}}'))).toBeNull();
    expect(list(raw('{"constructor":{"prototype":{"admin":true}}}'))).toBeNull();
    expect(list(raw('null'))).toBeNull();
    expect(list(raw('{"constructor":"x"}'))).toMatch(/^body: /);
    // Nested thousands deep, as the server's parser reads it: refused for its depth, not taken for unreadable.
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    expect(list(raw(`{"search":${deep}}`))).toMatch(/^body.search.* nested at most/);
  });

  it('calls malformed a body that is not JSON, or past the limit', () => {
    expect(
      malformedReason(updateWidget, withBody({ kind: 'raw', text: '{', contentType: 'application/json' })),
    ).toMatch(/not JSON/);
    expect(
      malformedReason(updateWidget, withBody({ kind: 'raw', text: '{"a":1}', contentType: 'text/plain' })),
    ).toMatch(/not JSON/);
    expect(malformedReason(updateWidget, withBody({ kind: 'oversize', bytes: 2_000_000 }))).toMatch(
      /size limit/,
    );
  });

  it('calls malformed a path id that is not a positive whole number in digits, whatever its schema takes', () => {
    for (const id of [' 1', '1e3', '0', '-1', '1.5', '0x1F', '2147483648', 'abc']) {
      expect(malformedReason(updateWidget, caseOf({ params: { widgetId: id } })), id).toBe(
        'params.widgetId is not an id',
      );
    }
  });

  it('calls malformed what the call’s schemas or the storable-value rules refuse, naming where', () => {
    expect(malformedReason(updateWidget, withBody({ kind: 'json', value: { name: '' } }))).toMatch(
      /^body.name: /,
    );
    expect(malformedReason(updateWidget, withBody({ kind: 'json', value: { name: 'x', extra: 1 } }))).toMatch(
      /^body: /,
    );
    expect(malformedReason(updateWidget, withBody({ kind: 'json', value: { note: 'x' } }))).toMatch(
      /^body.name: /,
    );
    expect(malformedReason(updateWidget, withBody({ kind: 'json', value: { name: 'a\u0000b' } }))).toMatch(
      /^body.name: .*NUL/,
    );
    expect(
      malformedReason(updateWidget, withBody({ kind: 'json', value: { name: new RawJson('1e400') } })),
    ).toMatch(/^body.name: /);
    expect(malformedReason(updateWidget, caseOf({ query: [['dryRun', 'yes']] }))).toMatch(/^query.dryRun: /);
    expect(
      malformedReason(
        updateWidget,
        caseOf({
          query: [
            ['dryRun', 'true'],
            ['dryRun', 'false'],
          ],
        }),
      ),
    ).toMatch(/^query.dryRun: /);
    expect(malformedReason(listWidgets, caseOf({ params: {}, query: [['page', '1']] }))).toBe(
      'query.page is not a parameter of the call',
    );
  });
});

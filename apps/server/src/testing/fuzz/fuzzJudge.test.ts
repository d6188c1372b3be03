import { describe, expect, it } from 'vitest';
import type { FuzzCase } from './fuzzCases.ts';
import { fuzzProblem, namesTarget } from './fuzzJudge.ts';

const at = (target: string, validJson = true): FuzzCase => ({
  label: `test at ${target}`,
  target,
  validJson,
  request: { params: {}, query: [], body: { kind: 'none' } },
});
const refused = (status: number, details?: { field: string; message: string }[]) => ({
  status,
  text: JSON.stringify({ message: 'refused', code: 'BAD_REQUEST', ...(details ? { details } : {}) }),
});
const clean = { changedTables: [], baselineFields: [], malformed: null };

describe('fuzz judge', () => {
  it('relates a field to the mutated location, inside it or holding it', () => {
    expect(namesTarget('body.name', 'body.name')).toBe(true);
    expect(namesTarget('body', 'body.name')).toBe(true);
    expect(namesTarget('body.points.0.ts', 'body.points')).toBe(true);
    expect(namesTarget('body.names', 'body.name')).toBe(false);
  });

  it('passes a 400 naming the field and a success that wrote', () => {
    expect(
      fuzzProblem(at('body.name'), refused(400, [{ field: 'body.name', message: 'x' }]), clean),
    ).toBeNull();
    expect(
      fuzzProblem(at('body.name'), { status: 200, text: '{}' }, { ...clean, changedTables: ['assets'] }),
    ).toBeNull();
  });

  it('fails a 5xx, a 401, a refusal that wrote, and a 400 that names nothing or something else', () => {
    expect(fuzzProblem(at('body'), { status: 500, text: 'boom' }, clean)).toMatch(/answered 500/);
    expect(fuzzProblem(at('body'), refused(401), clean)).toMatch(/answered 401/);
    expect(fuzzProblem(at('body'), refused(404), { ...clean, changedTables: ['events'] })).toMatch(
      /changed events/,
    );
    expect(fuzzProblem(at('body.name'), refused(400), clean)).toMatch(/naming no field/);
    expect(
      fuzzProblem(at('body.name'), refused(400, [{ field: 'body.email', message: 'x' }]), clean),
    ).toMatch(/not body.name/);
    expect(fuzzProblem(at('body'), { status: 415, text: 'plain text' }, clean)).toMatch(
      /without the error envelope/,
    );
  });

  it('fails a success to a malformed request, wrote it or not, and passes its refusal', () => {
    const malformed = { ...clean, malformed: 'body.name: Invalid input' };
    expect(fuzzProblem(at('body.name'), { status: 200, text: '{}' }, malformed)).toMatch(
      /answered 200 to a malformed request \(body.name: Invalid input\)/,
    );
    expect(
      fuzzProblem(at('body.name'), { status: 200, text: '{}' }, { ...malformed, changedTables: ['assets'] }),
    ).toMatch(/answered 200 to a malformed request .*changing assets/);
    expect(
      fuzzProblem(at('body.name'), refused(400, [{ field: 'body.name', message: 'x' }]), malformed),
    ).toBeNull();
    expect(fuzzProblem(at('body', false), refused(415), { ...malformed, malformed: 'not JSON' })).toBeNull();
  });

  it('accepts a field the baseline was already refused for, and any 400 to a body that is not JSON', () => {
    const baselineFields = ['body.parentAssetId'];
    const answer = refused(400, [{ field: 'body.parentAssetId', message: 'x' }]);
    expect(fuzzProblem(at('body.name'), answer, { ...clean, baselineFields })).toBeNull();
    expect(fuzzProblem(at('body', false), refused(400), clean)).toBeNull();
  });
});

import type { EndpointDef } from '@kelvin/contract';
import {
  BAD_PARAMETERS,
  BOUNDARY_NUMBERS,
  CONTROL_TEXTS,
  deepNesting,
  INVALID_JSON,
  LONG_TEXT_LENGTHS,
  NUMBERS_AS_TEXT,
  WRONG_CONTENT_TYPES,
  WRONG_TYPES,
} from './fuzzValues.ts';
import type { Random } from './random.ts';
import { inputJsonSchema, isRecord, sampleFromSchema } from './sampleFromSchema.ts';

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string | null }
  | { kind: 'oversize'; bytes: number }
  | { kind: 'form'; fields: [string, string][] };

export interface FuzzRequest {
  params: Record<string, string>;
  /** Pairs, so that a key can repeat. */
  query: [string, string][];
  body: FuzzBody;
}

export interface FuzzCase {
  /** e.g. `controlText at body.name`: what was done where. */
  label: string;
  /** The mutated location (`body.name`, `query.userIds`, `body`), which a refusal of valid JSON must name. */
  target: string;
  /** The body is well-formed JSON (or there is none): a 400 must then name a field. */
  validJson: boolean;
  request: FuzzRequest;
}

type Path = (string | number)[];

/** Every location in a value, the root included, with what is there. */
function locations(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const here = [{ path, value }];
  if (Array.isArray(value))
    return here.concat(value.flatMap((item, index) => locations(item, [...path, index])));
  if (isRecord(value))
    return here.concat(Object.entries(value).flatMap(([key, item]) => locations(item, [...path, key])));
  return here;
}

/** A copy of `root` with `path` set to `value`, or removed when `value` is `REMOVE`. */
const REMOVE = Symbol('remove');
function withValueAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  const [head, ...rest] = path;
  const removing = rest.length === 0 && value === REMOVE;
  if (Array.isArray(root) && typeof head === 'number') {
    const items: unknown[] = root;
    return removing
      ? items.filter((_, index) => index !== head)
      : items.map((item, index) => (index === head ? withValueAt(item, rest, value) : item));
  }
  if (isRecord(root) && typeof head === 'string') {
    const entries = Object.entries(root).filter(([key]) => !(removing && key === head));
    return removing ? Object.fromEntries(entries) : { ...root, [head]: withValueAt(root[head], rest, value) };
  }
  return root;
}

/** What to put at a location of the body: by kind, each picked at random. */
function bodyMutation(
  random: Random,
  current: unknown,
  isProperty: boolean,
): { kind: string; value: unknown } {
  const kinds = ['wrongType', 'boundaryNumber', 'numberAsText', 'controlText', 'longText', 'deepNesting'];
  if (isProperty) kinds.push('missingField');
  if (isRecord(current)) kinds.push('unknownField', 'unknownField');
  const kind = random.pick(kinds);
  switch (kind) {
    case 'wrongType':
      return { kind, value: random.pick(WRONG_TYPES.filter((value) => typeof value !== typeof current)) };
    case 'boundaryNumber':
      return { kind, value: random.pick(BOUNDARY_NUMBERS) };
    case 'numberAsText':
      return { kind, value: random.pick(NUMBERS_AS_TEXT) };
    case 'controlText':
      return { kind, value: random.pick(CONTROL_TEXTS) };
    case 'longText':
      return { kind, value: 'x'.repeat(random.pick(LONG_TEXT_LENGTHS)) };
    case 'deepNesting':
      return { kind, value: deepNesting(random.chance(0.5) ? 'array' : 'object') };
    case 'missingField':
      return { kind, value: REMOVE };
    default:
      return {
        kind,
        value: { ...(isRecord(current) ? current : {}), fuzzUnknownField: random.pick(WRONG_TYPES) },
      };
  }
}

const dotted = (part: string, path: Path) => [part, ...path.map(String)].join('.');

/** A call's baseline request: what its schemas accept, as far as JSON Schema can describe them. */
export function baselineRequest(endpoint: EndpointDef, random: Random): FuzzRequest {
  const stringsOf = (schema: EndpointDef['params']): Record<string, string> => {
    const sample = schema ? sampleFromSchema(inputJsonSchema(schema), random) : {};
    return Object.fromEntries(
      Object.entries(isRecord(sample) ? sample : {}).map(([key, value]) => [key, String(value)]),
    );
  };
  const body = endpoint.body ? sampleFromSchema(inputJsonSchema(endpoint.body), random) : undefined;
  let fuzzBody: FuzzBody = { kind: 'none' };
  if (endpoint.requestType === 'multipart') {
    fuzzBody = {
      kind: 'form',
      fields: Object.entries(isRecord(body) ? body : {}).map(([k, v]) => [k, String(v)]),
    };
  } else if (endpoint.body) {
    fuzzBody = { kind: 'json', value: body };
  }
  return {
    params: stringsOf(endpoint.params),
    query: Object.entries(stringsOf(endpoint.query)),
    body: fuzzBody,
  };
}

/** Cases every call with a JSON body gets: bodies that are not JSON, wrong content types, one past the limit. */
function bodyShapeCases(base: FuzzRequest, bodyLimitBytes: number): FuzzCase[] {
  const cases: FuzzCase[] = INVALID_JSON.map(({ text, validJson }) => ({
    label: `invalidJson ${JSON.stringify(text)}`,
    target: 'body',
    validJson,
    request: { ...base, body: { kind: 'raw', text, contentType: 'application/json' } },
  }));
  for (const { contentType, text } of WRONG_CONTENT_TYPES) {
    cases.push({
      label: `wrongContentType ${contentType ?? 'none'}`,
      target: 'body',
      validJson: false,
      request: { ...base, body: { kind: 'raw', text, contentType } },
    });
  }
  cases.push({
    label: `oversize ${bodyLimitBytes + 1} bytes`,
    target: 'body',
    validJson: false,
    request: { ...base, body: { kind: 'oversize', bytes: bodyLimitBytes + 1 } },
  });
  return cases;
}

/** One random mutation of the baseline: in a path parameter, the query or the body. */
function randomCase(base: FuzzRequest, random: Random): FuzzCase | null {
  const parts: ('params' | 'query' | 'body')[] = [];
  if (Object.keys(base.params).length > 0) parts.push('params');
  parts.push('query');
  if (base.body.kind === 'json' || base.body.kind === 'form') parts.push('body', 'body', 'body');
  const part = random.pick(parts);

  if (part === 'params') {
    const name = random.pick(Object.keys(base.params));
    const value = random.pick(BAD_PARAMETERS);
    return {
      label: `badParameter ${JSON.stringify(value.slice(0, 20))} at params.${name}`,
      target: `params.${name}`,
      validJson: true,
      request: { ...base, params: { ...base.params, [name]: value } },
    };
  }
  if (part === 'query') {
    const names = base.query.map(([name]) => name);
    const name = names.length > 0 && random.chance(0.8) ? random.pick(names) : 'fuzzUnknownParameter';
    const value = random.pick([...BAD_PARAMETERS, ...CONTROL_TEXTS]);
    const query: [string, string][] = random.chance(0.2)
      ? [...base.query, [name, value]]
      : [...base.query.filter(([key]) => key !== name), [name, value]];
    return {
      label: `badQuery ${JSON.stringify(value.slice(0, 20))} at query.${name}`,
      target: `query.${name}`,
      validJson: true,
      request: { ...base, query },
    };
  }
  if (base.body.kind === 'form') {
    const fields = base.body.fields;
    const name = fields.length > 0 && random.chance(0.8) ? random.pick(fields)[0] : 'fuzzUnknownField';
    const value = random.pick([...BAD_PARAMETERS, ...CONTROL_TEXTS]);
    return {
      label: `badField ${JSON.stringify(value.slice(0, 20))} at body.${name}`,
      target: `body.${name}`,
      validJson: true,
      request: {
        ...base,
        body: { kind: 'form', fields: [...fields.filter(([key]) => key !== name), [name, value]] },
      },
    };
  }
  if (base.body.kind !== 'json') return null;
  const root = base.body.value;
  const location = random.pick(locations(root));
  const isProperty = typeof location.path.at(-1) === 'string';
  const { kind, value } = bodyMutation(random, location.value, isProperty);
  const target = dotted('body', location.path);
  return {
    label: `${kind} at ${target}`,
    target,
    validJson: true,
    request: { ...base, body: { kind: 'json', value: withValueAt(root, location.path, value) } },
  };
}

/** The cases of one call: the fixed body-shape cases, then `count` random mutations, all from `random`. */
export function fuzzCases(
  endpoint: EndpointDef,
  random: Random,
  count: number,
  bodyLimitBytes: number,
): FuzzCase[] {
  const base = baselineRequest(endpoint, random);
  const cases: FuzzCase[] = [{ label: 'baseline', target: '', validJson: true, request: base }];
  if (base.body.kind === 'json') cases.push(...bodyShapeCases(base, bodyLimitBytes));
  for (let index = 0; index < count; index++) {
    const next = randomCase(base, random);
    if (next) cases.push(next);
  }
  return cases;
}

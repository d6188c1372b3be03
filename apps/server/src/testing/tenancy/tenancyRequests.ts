import type { z } from 'zod';
import {
  ingestPointSchema,
  ingestSeriesSchema,
  logRecordInputSchema,
  type EndpointDef,
} from '@kelvin/contract';
import type { FuzzBody, FuzzRequest } from '../fuzz/fuzzCases.ts';
import type { Random } from '../fuzz/random.ts';
import { inputJsonSchema, isRecord, sampleFromSchema, type SchemaNode } from '../fuzz/sampleFromSchema.ts';
import { isIdLikeField, kindOfIdField, type IdKind } from './tenancyKinds.ts';

/** One id-like place of a call's request, and what it names. */
export interface IdSlot {
  kind: IdKind;
  /** e.g. `body.filter.assetIds`, for messages. */
  location: string;
  list: boolean;
  text: boolean;
  /** Whether the request must carry it (it and everything around it required). */
  required: boolean;
}

/**
 * The schemas of items a handler checks one at a time (the contract declares them `unknown[]`): the walk needs
 * their id fields. A call with `itemsCheckedByHandler` missing here fails the walk.
 */
const HANDLER_CHECKED_ITEMS: Record<string, Record<string, z.ZodType>> = {
  'telemetry.ingest': { points: ingestPointSchema, series: ingestSeriesSchema },
  'deviceLogs.ingest': { records: logRecordInputSchema },
};

type Template = unknown;
const SLOT = Symbol('slot');
interface SlotMark {
  [SLOT]: number;
}
const isSlotMark = (value: unknown): value is SlotMark =>
  typeof value === 'object' && value !== null && SLOT in value;

/** Whether any property below `node` is id-like (so that the walk descends there instead of sampling it). */
function hasIdFields(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasIdFields);
  if (!isRecord(node)) return false;
  if (isRecord(node.properties) && Object.keys(node.properties).some(isIdLikeField)) return true;
  return Object.values(node).some(hasIdFields);
}

const isIntegerList = (node: SchemaNode) =>
  node.type === 'array' && isRecord(node.items) && node.items.type === 'integer';

const HOUR = 3_600_000;
/** Named instants, from now: a range around the fixture's readings, log lines and entry, an expiry ahead. */
const INSTANT_OFFSETS: Record<string, number> = {
  from: -2 * HOUR,
  to: HOUR,
  expiredBy: 24 * HOUR,
  // A schedule entry's span, over the fixture's entry (which runs from an hour ago to an hour ahead).
  startsAt: -HOUR / 2,
  endsAt: HOUR / 2,
};

/**
 * Instants a sample cannot guess (JSON Schema's date-time pattern matches none of the fuzz's candidates, and a
 * small number is 1970): each becomes a fixed one, by the name of its field (`from` before `to`, around now),
 * dates and epoch milliseconds alike; an unnamed date-time an hour ahead.
 */
function withInstants(node: unknown, field: string | null): unknown {
  if (Array.isArray(node)) return node.map((item) => withInstants(item, field));
  if (!isRecord(node)) return node;
  const offset = field === null ? undefined : INSTANT_OFFSETS[field];
  const at = new Date(Date.now() + (offset ?? HOUR));
  if (node.format === 'date-time') return { type: 'string', const: at.toISOString() };
  if (node.pattern === '^\\d{4}-\\d{2}-\\d{2}$')
    return { type: 'string', const: at.toISOString().slice(0, 10) };
  if (offset !== undefined && (node.type === 'integer' || node.type === 'number'))
    return { type: node.type, const: at.getTime() };
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'properties' && isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withInstants(child, name)]))
        : withInstants(value, field),
    ]),
  );
}

/**
 * Fields whose valid values no schema describes (a checked time zone, a URL the server accepts, the enum values
 * the server knows), or whose sample would hold the walk (an agent's long poll). Always sent, optional or not.
 */
const FIELD_SAMPLES: Record<string, unknown> = {
  timeZone: 'Europe/Berlin',
  url: 'https://hooks.example/tenancy',
  waitSeconds: 0,
  metricAlias: 'temperature.supplyAir',
  condition: {
    kind: 'THRESHOLD',
    metricAlias: 'temperature.supplyAir',
    aggregation: 'AVERAGE',
    limits: { source: 'THRESHOLD_GROUP' },
  },
  relationTypeEnumValue: 2,
  laborCodeEnumKey: 'other',
  // By call and field where a name means different things: a warranty's ISO period of whole years (time entries'
  // duration is hours and minutes).
  'warranties.create:duration': 'P2Y',
  'warranties.update:duration': 'P2Y',
};

class TemplateBuilder {
  readonly slots: IdSlot[] = [];
  readonly unmapped: string[] = [];
  /** One counter for the whole request, so that sampled numbers such as `from` and `to` come in order. */
  private readonly counter = { next: 0 };
  constructor(
    private readonly callName: string,
    private readonly random: Random,
  ) {}

  private slot(node: SchemaNode, field: string, location: string, required: boolean): SlotMark {
    const kind = kindOfIdField(this.callName, field);
    if (kind === undefined) this.unmapped.push(location);
    const alternatives: unknown[] = Array.isArray(node.anyOf) ? node.anyOf : [];
    const variants = [node, ...alternatives].filter(isRecord);
    const list = variants.some((variant) => variant.type === 'array');
    const text = variants.some(
      (variant) => variant.type === 'string' || (isRecord(variant.items) && variant.items.type === 'string'),
    );
    this.slots.push({ kind: kind ?? 'freeText', location, list, text, required });
    return { [SLOT]: this.slots.length - 1 };
  }

  private sample(node: SchemaNode): unknown {
    return sampleFromSchema(node, this.random, 0, this.counter);
  }

  build(node: unknown, location: string, field: string | null, required = true): Template {
    if (!isRecord(node)) return null;
    if (field !== null && isIdLikeField(field)) return this.slot(node, field, location, required);
    if (field === null && isIntegerList(node)) return this.slot(node, '', location, required);
    const known =
      field === null ? undefined : (FIELD_SAMPLES[`${this.callName}:${field}`] ?? FIELD_SAMPLES[field]);
    if (known !== undefined) return known;
    // Objects are walked field by field (for FIELD_SAMPLES and the required fields only); anything else without
    // an id below it is sampled whole.
    const isPlainObject = node.type === 'object' && isRecord(node.properties);
    if (!isPlainObject && !hasIdFields(node)) return this.sample(node);
    const variants: unknown = node.anyOf ?? node.oneOf;
    if (Array.isArray(variants)) {
      const withIds: unknown = variants.find(hasIdFields);
      return this.build(withIds, location, field, required);
    }
    if (node.type === 'array') return [this.build(node.items, `${location}[]`, null, required)];
    const properties = isRecord(node.properties) ? node.properties : {};
    const requiredNames: unknown[] = Array.isArray(node.required) ? node.required : [];
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      const isRequired = required && requiredNames.includes(name);
      if (
        isRequired ||
        isIdLikeField(name) ||
        hasIdFields(property) ||
        name in FIELD_SAMPLES ||
        `${this.callName}:${name}` in FIELD_SAMPLES
      )
        result[name] = this.build(property, `${location}.${name}`, name, isRequired);
    }
    return result;
  }
}

/** A call's request with a hole at each id-like place: fill it with `requestFor`. */
export interface RequestTemplate {
  slots: IdSlot[];
  /** Id places no rule of tenancyKinds.ts maps. */
  unmapped: string[];
  params: Record<string, Template>;
  query: Record<string, Template>;
  body: Template;
}

function schemaOf(endpoint: EndpointDef, part: 'params' | 'query' | 'body'): SchemaNode | undefined {
  const schema = endpoint[part];
  if (!schema) return undefined;
  const json = inputJsonSchema(schema);
  const itemsFields = part === 'body' ? endpoint.itemsCheckedByHandler : undefined;
  if (itemsFields === undefined) return json;
  let properties = isRecord(json.properties) ? json.properties : {};
  for (const itemsField of itemsFields) {
    const itemSchema = HANDLER_CHECKED_ITEMS[endpoint.name]?.[itemsField];
    const property = properties[itemsField];
    if (!itemSchema || !isRecord(property))
      throw new Error(`${endpoint.name}: add the schema of its ${itemsField} items to HANDLER_CHECKED_ITEMS`);
    properties = { ...properties, [itemsField]: { ...property, items: inputJsonSchema(itemSchema) } };
  }
  return { ...json, properties };
}

export function requestTemplate(endpoint: EndpointDef, random: Random): RequestTemplate {
  const builder = new TemplateBuilder(endpoint.name, random);
  const part = (name: 'params' | 'query' | 'body'): Template => {
    const schema = schemaOf(endpoint, name);
    return schema === undefined ? undefined : builder.build(withInstants(schema, null), name, null);
  };
  const params = part('params');
  const query = part('query');
  const body = part('body');
  return {
    slots: builder.slots,
    unmapped: builder.unmapped,
    params: isRecord(params) ? params : {},
    query: isRecord(query) ? query : {},
    body,
  };
}

function fill(template: Template, valueOf: (slot: number) => unknown): unknown {
  if (isSlotMark(template)) return valueOf(template[SLOT]);
  if (Array.isArray(template)) return template.map((item) => fill(item, valueOf));
  if (isRecord(template))
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value, valueOf)]));
  return template;
}

/** A slot's value in the shape its schema takes: a number, a text, or a list of one. */
export function shapeSlotValue(slot: IdSlot, id: number | string): unknown {
  const single = slot.text ? String(id) : id;
  return slot.list ? [single] : single;
}

const asText = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/** The request with each slot's value, and whether the call's own schemas accept it. */
export function requestFor(
  endpoint: EndpointDef,
  template: RequestTemplate,
  valueOf: (slot: number) => unknown,
): { request: FuzzRequest; problem: string | null } {
  // A slot left out (undefined) leaves its parameter out.
  const strings = (part: Record<string, Template>) =>
    Object.fromEntries(
      Object.entries(part).flatMap(([key, value]) => {
        const filled = fill(value, valueOf);
        return filled === undefined ? [] : [[key, asText(filled)] as const];
      }),
    );
  const params = strings(template.params);
  const query = strings(template.query);
  const bodyValue = fill(template.body, valueOf);
  let body: FuzzBody = { kind: 'none' };
  if (endpoint.requestType === 'multipart')
    body = {
      kind: 'form',
      fields: Object.entries(isRecord(bodyValue) ? bodyValue : {}).map(([k, v]) => [k, asText(v)]),
    };
  else if (endpoint.body) body = { kind: 'json', value: bodyValue };
  const check = (name: string, schema: z.ZodType | undefined, value: unknown): string[] => {
    if (!schema) return [];
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : [`${name}: ${parsed.error.message.slice(0, 300)}`];
  };
  const problems = [
    ...check('params', endpoint.params, params),
    ...check('query', endpoint.query, query),
    ...check('body', endpoint.body, bodyValue),
  ];
  return {
    request: { params, query: Object.entries(query), body },
    problem: problems.length > 0 ? problems.join('; ') : null,
  };
}

/**
 * The call with none of its optional ids (a list unfiltered, a poll), or null when an id is required or the
 * request is then invalid: what any caller may send, whose answer must still hold none of another's data.
 */
export function requestWithoutIds(endpoint: EndpointDef, template: RequestTemplate): FuzzRequest | null {
  if (template.slots.some((slot) => slot.required)) return null;
  const { request, problem } = requestFor(endpoint, template, () => undefined);
  return problem === null ? request : null;
}

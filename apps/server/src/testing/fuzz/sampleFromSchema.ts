import { z } from 'zod';
import type { Random } from './random.ts';

export type SchemaNode = Record<string, unknown>;

export function isRecord(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON Schema of what a caller sends, as the OpenAPI document describes it. */
export function inputJsonSchema(schema: z.ZodType): SchemaNode {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
}

/**
 * Texts tried, in order, against a `pattern`: the contract's patterns (ids, durations, file names, live paths)
 * each accept one of them. A pattern added later that none fits only makes the baseline request invalid, which
 * still fuzzes the call; add a candidate here to fuzz past its validation.
 */
const PATTERN_CANDIDATES = ['1', '1,2', 'PT10M', 'readings.gz', '1/1', 'fuzz-1@example.test', 'abc'];

const num = (node: SchemaNode, key: string): number | undefined => {
  const value = node[key];
  return typeof value === 'number' ? value : undefined;
};

function sampleText(node: SchemaNode, random: Random): string {
  if (node.format === 'email') return `fuzz-${random.int(1, 1_000_000)}@example.test`;
  if (typeof node.pattern === 'string') {
    const pattern = new RegExp(node.pattern);
    const fit = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (fit !== undefined) return fit;
  }
  const min = num(node, 'minLength') ?? 0;
  const max = num(node, 'maxLength') ?? 40;
  const text = `Fuzz ${random.int(1, 9999)} text`.padEnd(min, 'x');
  return text.slice(0, Math.max(max, min));
}

/**
 * Small numbers: ids of the fixture's rows are small, so that a baseline call reaches real data. Each number of a
 * sample is one more than the one before (from a random start), so that ranges such as `from`..`to` are ordered.
 */
function sampleNumber(node: SchemaNode, random: Random, counter: { next: number }): number {
  const exclusiveMin = num(node, 'exclusiveMinimum');
  const min = num(node, 'minimum') ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : 0);
  const max = num(node, 'maximum') ?? Number.MAX_SAFE_INTEGER;
  const low = Math.max(min, 1);
  counter.next = counter.next === 0 ? random.int(1, 4) : counter.next + 1;
  const value = Math.min(low + ((counter.next - 1) % 8), max);
  return node.type === 'integer' ? Math.trunc(value) : value;
}

function sampleObject(
  node: SchemaNode,
  random: Random,
  depth: number,
  counter: { next: number },
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const properties = isRecord(node.properties) ? node.properties : {};
  const required = Array.isArray(node.required) ? node.required : [];
  for (const [name, property] of Object.entries(properties)) {
    if (required.includes(name) || random.chance(0.6))
      result[name] = sampleFromSchema(property, random, depth + 1, counter);
  }
  // A record (metadata, maps): one entry.
  if (isRecord(node.additionalProperties) && Object.keys(properties).length === 0) {
    result.site = sampleFromSchema(node.additionalProperties, random, depth + 1, counter);
  }
  return result;
}

/** A value the schema accepts as far as JSON Schema can say (refinements aside): the baseline of a call's cases. */
export function sampleFromSchema(
  node: unknown,
  random: Random,
  depth = 0,
  counter: { next: number } = { next: 0 },
): unknown {
  if (!isRecord(node) || depth > 8) return null;
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return random.pick(node.enum);
  const variants = node.anyOf ?? node.oneOf;
  if (Array.isArray(variants) && variants.length > 0) {
    const nonNull = variants.filter((variant) => !(isRecord(variant) && variant.type === 'null'));
    return sampleFromSchema(random.pick(nonNull.length > 0 ? nonNull : variants), random, depth, counter);
  }
  if (Array.isArray(node.allOf) && node.allOf.length > 0)
    return sampleFromSchema(node.allOf[0], random, depth, counter);
  if ('default' in node && random.chance(0.3)) return node.default;
  switch (node.type) {
    case 'object':
      return sampleObject(node, random, depth, counter);
    case 'array': {
      const length = Math.min(Math.max(num(node, 'minItems') ?? 0, 1), num(node, 'maxItems') ?? 1);
      return Array.from({ length }, () => sampleFromSchema(node.items, random, depth + 1, counter));
    }
    case 'string':
      return sampleText(node, random);
    case 'integer':
    case 'number':
      return sampleNumber(node, random, counter);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return 'value';
  }
}

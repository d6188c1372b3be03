import { errorEnvelopeSchema } from '@kelvin/contract';
import type { FuzzCase } from './fuzzCases.ts';

/** What a call may answer to any request from a caller holding every permission. 401 would mean a broken token. */
export const ALLOWED_STATUSES: ReadonlySet<number> = new Set([200, 400, 403, 404, 409, 413, 415]);

/** Whether an error detail's field is the mutated location, inside it, or an object that holds it. */
export function namesTarget(field: string, target: string): boolean {
  return field === target || field.startsWith(`${target}.`) || target.startsWith(`${field}.`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The fields a 400 names, or none. */
export function refusedFields(answer: { status: number; text: string }): string[] {
  if (answer.status !== 400) return [];
  const envelope = errorEnvelopeSchema.safeParse(parseJson(answer.text));
  return envelope.success ? (envelope.data.details ?? []).map((detail) => detail.field) : [];
}

/**
 * Why an answer breaks the rules, or null: never a 5xx or an unexpected status; a malformed request (see
 * fuzzOracle: `malformed` says why it is one) is refused, never a success; a refused request changes no row
 * (events included); a 400 to well-formed JSON names the field, and the field is where the request was changed
 * (or one the baseline request was already refused for: a generated baseline may miss a rule of the service).
 */
export function fuzzProblem(
  fuzzCase: FuzzCase,
  answer: { status: number; text: string },
  context: { changedTables: readonly string[]; baselineFields: readonly string[]; malformed: string | null },
): string | null {
  const { changedTables, baselineFields, malformed } = context;
  const { status, text } = answer;
  if (!ALLOWED_STATUSES.has(status)) return `answered ${status}: ${text.slice(0, 300)}`;
  if (status < 300 && malformed !== null) {
    const wrote = changedTables.length > 0 ? `, changing ${changedTables.join(', ')}` : '';
    return `answered ${status} to a malformed request (${malformed})${wrote}`;
  }
  if (status >= 400 && changedTables.length > 0) {
    return `refused with ${status} but changed ${changedTables.join(', ')}`;
  }
  if (status >= 400) {
    const envelope = errorEnvelopeSchema.safeParse(parseJson(text));
    if (!envelope.success) return `answered ${status} without the error envelope: ${text.slice(0, 300)}`;
    if (status === 400 && fuzzCase.validJson) {
      const fields = (envelope.data.details ?? []).map((detail) => detail.field);
      if (fields.length === 0) return `400 naming no field: ${envelope.data.message}`;
      const named = fields.some(
        (field) => namesTarget(field, fuzzCase.target) || baselineFields.includes(field),
      );
      if (fuzzCase.target && !named) {
        return `400 naming ${fields.join(', ')}, not ${fuzzCase.target}: ${envelope.data.message}`;
      }
    }
  }
  return null;
}

import type { EndpointDef } from '@kelvin/contract';
import type { Random } from '../fuzz/random.ts';
import { requestFor, requestTemplate, shapeSlotValue, type RequestTemplate } from './tenancyRequests.ts';
import { isTenantKind, type IdKind, type SharedKind, type TenantKind } from './tenancyKinds.ts';
import type { FuzzRequest } from '../fuzz/fuzzCases.ts';

/** Whose ids an attacker owns, whose they try, and which marks in an answer would be the victim's data. */
export interface Attacker {
  name: string;
  own: Record<TenantKind, number | string>;
  victim: Record<TenantKind, number | string>;
  /** The kinds of the victim's objects this attacker must not reach (a limited user: what hangs off assets). */
  victimKinds: ReadonlySet<TenantKind>;
  marks: readonly string[];
}

/**
 * A template whose request, with the caller's own ids, the call's schemas accept: otherwise a refusal would be
 * validation, and the walk would prove nothing. Sampled again (another seed) until one fits.
 */
export function validTemplate(
  endpoint: EndpointDef,
  randomFor: (attempt: number) => Random,
  own: (kind: IdKind, attempt: number) => number | string | undefined,
): { template: RequestTemplate; problem: string | null } {
  let last: { template: RequestTemplate; problem: string | null } | undefined;
  for (let attempt = 0; attempt < 25; attempt++) {
    const template = requestTemplate(endpoint, randomFor(attempt));
    const { problem } = requestFor(endpoint, template, (index) => {
      const slot = template.slots[index];
      if (!slot) return undefined;
      return shapeSlotValue(slot, own(slot.kind, attempt) ?? 1);
    });
    last = { template, problem };
    if (problem === null) return last;
  }
  if (!last) throw new Error('no attempt');
  return last;
}

/**
 * The requests an attacker sends: every victim-able id the victim's at once, then (when there are several ids)
 * each alone with the attacker's own ids in the others, so that a call checking only its first id is caught.
 */
export function attackRequests(
  endpoint: EndpointDef,
  template: RequestTemplate,
  attacker: Attacker,
  shared: (kind: SharedKind) => number | string | undefined,
): { label: string; request: FuzzRequest }[] {
  const victimSlots = template.slots.flatMap((slot, index) =>
    isTenantKind(slot.kind) && attacker.victimKinds.has(slot.kind) ? [index] : [],
  );
  if (victimSlots.length === 0) return [];
  const tenantSlots = template.slots.filter((slot) => isTenantKind(slot.kind)).length;
  const variants = [victimSlots];
  if (tenantSlots > 1) variants.push(...victimSlots.map((index) => [index]));
  const seen = new Set<string>();
  return variants.flatMap((victimIndexes) => {
    const { request } = requestFor(endpoint, template, (index) => {
      const slot = template.slots[index];
      if (!slot) return undefined;
      const kind = slot.kind;
      const id = isTenantKind(kind)
        ? (victimIndexes.includes(index) ? attacker.victim : attacker.own)[kind]
        : shared(kind);
      return shapeSlotValue(slot, id ?? 1);
    });
    const key = JSON.stringify(request);
    if (seen.has(key)) return [];
    seen.add(key);
    const label = victimIndexes.map((index) => template.slots[index]?.location).join(', ');
    return [{ label: `victim's ${label}`, request }];
  });
}

/** The victim's marks an answer carries (case-insensitive): any in a 2xx is a leak. */
export function marksIn(text: string, marks: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return marks.filter((mark) => lower.includes(mark.toLowerCase()));
}

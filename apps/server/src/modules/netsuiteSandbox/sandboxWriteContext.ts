import { invalidContent } from './sandboxErrors.ts';
import type { StoredRecord } from './sandboxRecordStore.ts';

/**
 * How a write treats the record's present fields: POST creates from the body alone, PUT on `eid:` replaces them
 * all (or creates), PATCH changes only the fields it names.
 */
export type WriteMode = 'create' | 'replace' | 'patch';

export interface WriteContext {
  internalId: number;
  mode: WriteMode;
  existing: StoredRecord | undefined;
  /** PUT's `eid:<externalId>`: the record's external id whatever the body says. */
  eid?: string | undefined;
  /** PATCH `?replace=item`: the order's lines are replaced instead of merged. */
  replaceLines?: boolean;
}

/** The external id after a write: PUT's `eid:` (a different one in the body is refused), the body's, or the present one. */
export function externalIdAfterWrite(
  input: { externalId?: string | undefined },
  context: WriteContext,
): string | null {
  if (context.eid !== undefined) {
    if (input.externalId !== undefined && input.externalId !== context.eid)
      throw invalidContent('externalId in the body differs from the one in the path.', 'externalId');
    return context.eid;
  }
  if (input.externalId !== undefined) return input.externalId;
  return context.mode === 'patch' ? (context.existing?.externalId ?? null) : null;
}

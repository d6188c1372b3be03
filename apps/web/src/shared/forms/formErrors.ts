import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field of a failed zod parse, for showing under each input. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** An optional text input: blank means "not given", which the contract expresses as null. */
export function blankToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

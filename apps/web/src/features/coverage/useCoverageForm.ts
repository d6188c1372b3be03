import { useState, type SyntheticEvent } from 'react';

/**
 * A contract's or warranty's form state: the fields, errors shown from the first Submit on, and a Submit that
 * checks first and keeps the form while the call runs (its failure is shown by the caller's mutation toast).
 */
export function useCoverageForm<F extends object>(
  initial: () => F,
  fieldErrors: (fields: F) => Partial<Record<keyof F, string>>,
  onSubmit: (fields: F) => Promise<unknown>,
) {
  const [fields, setFields] = useState<F>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors: Partial<Record<keyof F, string>> = showErrors ? fieldErrors(fields) : {};
  const set = <K extends keyof F>(name: K, value: F[K]) =>
    setFields((current) => ({ ...current, [name]: value }));

  function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(fieldErrors(fields)).length > 0) return;
    setSaving(true);
    onSubmit(fields)
      .catch(() => undefined)
      .finally(() => setSaving(false));
  }

  return { fields, set, errors, saving, handleSubmit };
}

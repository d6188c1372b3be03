import { sameFormValue, type FormValue, type TypedFormValue } from '@kelvin/domain';

/** An element both the device and someone else changed, to different values, since the form was opened. */
export interface FormValueConflict {
  formElementDefAssociationId: number;
  base: TypedFormValue | null;
  device: TypedFormValue | null;
  server: TypedFormValue | null;
}

/** Which side to keep for each conflicting element, by association id. */
export type ConflictChoices = Record<number, 'device' | 'server'>;

const byElement = (values: readonly FormValue[]) =>
  new Map(values.map((value) => [value.formElementDefAssociationId, value]));

function elementIds(...lists: (readonly FormValue[])[]): number[] {
  const ids = new Set<number>();
  for (const list of lists) for (const value of list) ids.add(value.formElementDefAssociationId);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The conflicts between what the device saved and what the server holds now, both against what the form held when
 * it was opened. An element only one side changed, or both changed alike, is no conflict.
 */
export function findFormConflicts(
  base: readonly FormValue[],
  device: readonly FormValue[],
  server: readonly FormValue[],
): FormValueConflict[] {
  const [baseMap, deviceMap, serverMap] = [byElement(base), byElement(device), byElement(server)];
  const conflicts: FormValueConflict[] = [];
  for (const id of elementIds(base, device, server)) {
    const was = baseMap.get(id)?.value ?? null;
    const mine = deviceMap.get(id)?.value ?? null;
    const theirs = serverMap.get(id)?.value ?? null;
    if (!sameFormValue(mine, was) && !sameFormValue(theirs, was) && !sameFormValue(mine, theirs))
      conflicts.push({ formElementDefAssociationId: id, base: was, device: mine, server: theirs });
  }
  return conflicts;
}

/**
 * The values to send: the device's changes, the server's value wherever the device changed nothing (a save
 * replaces every value, and must not put back what someone else changed meanwhile), and for each conflict the side
 * chosen. A conflict without a choice is an error: nobody's value is overwritten silently.
 */
export function mergeFormDraft(
  base: readonly FormValue[],
  device: readonly FormValue[],
  server: readonly FormValue[],
  choices: ConflictChoices = {},
): FormValue[] {
  const conflicts = new Set(
    findFormConflicts(base, device, server).map((one) => one.formElementDefAssociationId),
  );
  const [baseMap, deviceMap, serverMap] = [byElement(base), byElement(device), byElement(server)];
  const merged: FormValue[] = [];
  for (const id of elementIds(base, device, server)) {
    const mine = deviceMap.get(id);
    const theirs = serverMap.get(id);
    const changedHere = !sameFormValue(mine?.value ?? null, baseMap.get(id)?.value ?? null);
    let kept: FormValue | undefined;
    if (conflicts.has(id)) {
      const choice = choices[id];
      if (!choice) throw new Error(`The conflict on element ${String(id)} has no choice`);
      kept = choice === 'device' ? mine : theirs;
    } else kept = changedHere ? mine : theirs;
    if (kept && kept.value !== null) merged.push(kept);
  }
  return merged;
}

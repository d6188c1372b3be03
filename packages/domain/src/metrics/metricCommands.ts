/** What a set or override command needs to know of its metric. */
export interface CommandableMetric {
  valueType: string;
  enumMap: Readonly<Record<string, string>> | null;
  actionsPermitted: readonly string[];
}

export type CommandValue = number | string | boolean;

/** Why a metric refuses an action, or null when it permits it (spec: actionsPermitted override, set). */
export function commandActionProblem(metric: CommandableMetric, action: 'set' | 'override'): string | null {
  return metric.actionsPermitted.includes(action) ? null : `This metric does not permit ${action}.`;
}

/**
 * Why a value does not fit the metric's type, or null when it does: a finite number for numbers, true or false
 * for booleans, one of the enum's values for enums (by their number), text for strings.
 */
export function commandValueProblem(metric: CommandableMetric, value: CommandValue): string | null {
  switch (metric.valueType) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Enter a number.';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Choose on or off.';
    case 'enum': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'Choose one of the listed values.';
      if (metric.enumMap && !Object.hasOwn(metric.enumMap, String(value))) {
        return 'Choose one of the listed values.';
      }
      return null;
    }
    default:
      return typeof value === 'string' ? null : 'Enter text.';
  }
}

/** Whether a command needs a duration: an override ends by itself, a set stays. */
export function commandDurationProblem(
  action: 'set' | 'override',
  durationMinutes: number | undefined,
): string | null {
  if (action === 'override' && durationMinutes === undefined) return 'Say how long the override lasts.';
  if (action === 'set' && durationMinutes !== undefined)
    return 'A set value does not end; leave the duration out.';
  return null;
}

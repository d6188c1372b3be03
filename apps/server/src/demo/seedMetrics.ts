import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database.ts';
import { metricEnums, metrics } from '../platform/db/schema.ts';
import { DEMO_METRICS, type MetricDefinition } from './metricCatalogue.ts';
import { DEMO_METRIC_ENUMS } from './metricEnums.ts';

/** Spec: metrics form a tree by splitting the alias on dots; the parent is the alias without its last segment. */
export function parentAliasOf(alias: string): string | null {
  const cut = alias.lastIndexOf('.');
  return cut > 0 ? alias.slice(0, cut) : null;
}

function metricRow(definition: MetricDefinition, enumIds: ReadonlyMap<string, number>) {
  return {
    alias: definition.alias,
    name: definition.name,
    displayType: definition.displayType,
    valueType: definition.valueType,
    metricEnumId: definition.enumName ? (enumIds.get(definition.enumName) ?? null) : null,
    parentAlias: parentAliasOf(definition.alias),
    path: definition.alias.replaceAll('.', '/'),
    units: definition.units,
    metadata: { source: 'demo' },
    actionsPermitted: demoActions(definition),
  };
}

/** Modes a unit takes from its operator (set, or override for a while). */
const OPERATOR_MODES = new Set(['status.unitMode', 'status.onOff']);
/** Outputs a service technician may force for a while (fan speeds, valve positions). */
const FORCEABLE_OUTPUT = /^(fan\.\d+\.speed|valve\.[a-zA-Z]+\.position)$/;

/** As on real controllers: setpoints are set, modes set or overridden, outputs only overridden (they end). */
export function demoActions(definition: MetricDefinition): ('set' | 'override')[] {
  if (definition.displayType === 'step' && definition.alias.endsWith('Setpoint')) return ['set'];
  if (OPERATOR_MODES.has(definition.alias)) return ['set', 'override'];
  if (FORCEABLE_OUTPUT.test(definition.alias)) return ['override'];
  return [];
}

/**
 * Puts the demo catalogue into metrics and metric_enums. Idempotent: every start upserts by name and alias, so a
 * catalogue grown in code reaches an existing database, and ids (which stored points refer to) never change.
 */
export async function seedMetricCatalogue(db: DbOrTx): Promise<{ metrics: number; enums: number }> {
  const enumRows = await db
    .insert(metricEnums)
    .values(Object.entries(DEMO_METRIC_ENUMS).map(([name, values]) => ({ name, values })))
    .onConflictDoUpdate({ target: metricEnums.name, set: { values: sql`excluded.values` } })
    .returning({ metricEnumId: metricEnums.metricEnumId, name: metricEnums.name });
  const enumIds = new Map(enumRows.map((row) => [row.name, row.metricEnumId]));
  await db
    .insert(metrics)
    .values(DEMO_METRICS.map((definition) => metricRow(definition, enumIds)))
    .onConflictDoUpdate({
      target: metrics.alias,
      set: {
        name: sql`excluded.name`,
        displayType: sql`excluded.display_type`,
        valueType: sql`excluded.value_type`,
        metricEnumId: sql`excluded.metric_enum_id`,
        parentAlias: sql`excluded.parent_alias`,
        path: sql`excluded.path`,
        units: sql`excluded.units`,
        actionsPermitted: sql`excluded.actions_permitted`,
      },
    });
  return { metrics: DEMO_METRICS.length, enums: enumRows.length };
}

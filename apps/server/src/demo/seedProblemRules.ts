import { and, eq, inArray } from 'drizzle-orm';
import type { ProblemLevel, RuleCondition } from '@kelvin/contract';
import { ASSET_TYPE, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Tx } from '../platform/db/database.ts';
import { monitorGroupRules, monitorGroups, problemRuleDefinitions } from '../platform/db/problemsSchema.ts';
import { assets } from '../platform/db/schema.ts';

export interface DemoRule {
  name: string;
  description: string;
  condition: Exclude<RuleCondition, { kind: 'MANUAL' }>;
  timeWindow: string;
  recoveryDuration: string;
  impactLevel: ProblemLevel;
  tags: string[];
}

/**
 * The library's rules, chosen so that the simulator's faults (unitSimulation.ts) open problems within about two
 * minutes of starting: supply air pushed +7 °C (101), −6 °C (102) or to −40 °C by a failed sensor (901) leaves the
 * threshold group's limits and the delta-T collapses; return air +9 °C (103) and humidity ±27 % (201, 202) leave
 * theirs; every fault puts the alarm points in ALARM; a filter fault (701) jumps its pressure. Silent spells of 2 to
 * 8 minutes trip the 5-minute unit silence rule about half the time; an agent is silent only when the server
 * stops hearing from it.
 */
export const DEMO_LIBRARY_RULES: readonly DemoRule[] = [
  {
    name: 'Supply air out of limits',
    description: "Average supply air over two minutes past the unit's threshold group.",
    condition: {
      kind: 'THRESHOLD',
      metricAlias: 'temperature.supplyAir',
      aggregation: 'AVERAGE',
      limits: { source: 'THRESHOLD_GROUP' },
    },
    timeWindow: 'PT2M',
    recoveryDuration: 'PT2M',
    impactLevel: 'CRITICAL',
    tags: ['air', 'temperature'],
  },
  {
    name: 'Return air too warm',
    description: "Average return air over two minutes past the unit's threshold group.",
    condition: {
      kind: 'THRESHOLD',
      metricAlias: 'temperature.returnAir',
      aggregation: 'AVERAGE',
      limits: { source: 'THRESHOLD_GROUP' },
    },
    timeWindow: 'PT2M',
    recoveryDuration: 'PT2M',
    impactLevel: 'CRITICAL',
    tags: ['air', 'temperature'],
  },
  {
    name: 'Return humidity out of limits',
    description: "Average return humidity over two minutes past the unit's threshold group.",
    condition: {
      kind: 'THRESHOLD',
      metricAlias: 'humidity.return',
      aggregation: 'AVERAGE',
      limits: { source: 'THRESHOLD_GROUP' },
    },
    timeWindow: 'PT2M',
    recoveryDuration: 'PT2M',
    impactLevel: 'CRITICAL',
    tags: ['humidity'],
  },
  {
    name: 'Unit alarm',
    description: "The unit's controller reports an active alarm.",
    condition: { kind: 'METRIC_STATUS', metricAlias: 'alarm.activeCode', statuses: ['ALARM', 'FAULT'] },
    timeWindow: 'PT1M',
    recoveryDuration: 'PT2M',
    impactLevel: 'WARNING',
    tags: ['alarm'],
  },
  {
    name: 'Supply air sensor fault',
    description: 'The supply air sensor reads with its fault bit set.',
    condition: { kind: 'METRIC_STATUS', metricAlias: 'temperature.supplyAir', statuses: ['FAULT'] },
    timeWindow: 'PT1M',
    recoveryDuration: 'PT2M',
    impactLevel: 'CRITICAL',
    tags: ['sensor'],
  },
  {
    name: 'Low air delta-T',
    description: 'Return minus supply air below 6 °C: the coil is not taking heat out of the room.',
    condition: {
      kind: 'QUERY',
      terms: [
        { name: 'returnAir', metricAlias: 'temperature.returnAir', aggregation: 'AVERAGE' },
        { name: 'supplyAir', metricAlias: 'temperature.supplyAir', aggregation: 'AVERAGE' },
      ],
      expression: 'returnAir - supplyAir',
      comparison: 'BELOW',
      threshold: 6,
    },
    timeWindow: 'PT2M',
    recoveryDuration: 'PT2M',
    impactLevel: 'WARNING',
    tags: ['air', 'efficiency'],
  },
  {
    name: 'Filter pressure jump',
    description: 'Filter differential pressure rising faster than 0.2 iwg a minute.',
    condition: {
      kind: 'CHANGE_DETECTION',
      metricAlias: 'pressure.filterDifferential',
      mode: 'RATE',
      maxChangePerMinute: 0.2,
    },
    timeWindow: 'PT2M',
    recoveryDuration: 'PT5M',
    impactLevel: 'WARNING',
    tags: ['filter'],
  },
  {
    name: 'Unit mode changed',
    description: 'The unit left its mode (an operator, a schedule or a fault moved it).',
    condition: {
      kind: 'CHANGE_DETECTION',
      metricAlias: 'status.unitMode',
      mode: 'VALUE',
      maxChangePerMinute: null,
    },
    timeWindow: 'PT5M',
    recoveryDuration: 'PT5M',
    impactLevel: 'INFO',
    tags: ['mode'],
  },
  {
    name: 'Unit silent',
    description: 'No reading from the unit for five minutes.',
    condition: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' },
    timeWindow: 'PT5M',
    recoveryDuration: 'PT1M',
    impactLevel: 'CRITICAL',
    tags: ['communication'],
  },
  {
    name: 'Agent silent',
    description: "No call from the data hall's agent for five minutes.",
    condition: { kind: 'COMMUNICATION_LOST', subject: 'AGENT' },
    timeWindow: 'PT5M',
    recoveryDuration: 'PT1M',
    impactLevel: 'CRITICAL',
    tags: ['communication'],
  },
];

export const DEMO_COMPANY_GROUP = 'CRAH watch';
export const DEMO_LIBRARY_GROUP = 'Standard CRAH monitoring';

async function insertRule(tx: Tx, rule: DemoRule): Promise<number> {
  const [row] = await tx
    .insert(problemRuleDefinitions)
    .values({ ...rule, companyId: PROVIDER_COMPANY_ID, type: 'SYSTEM', kind: rule.condition.kind })
    .returning({ id: problemRuleDefinitions.problemRuleDefinitionId });
  if (!row) throw new Error(`Could not create the demo rule ${rule.name}`);
  await recordEvent(tx, {
    name: 'problemRuleDefinitions.create',
    actorUserId: null,
    companyId: PROVIDER_COMPANY_ID,
    subjectType: 'problemRuleDefinition',
    subjectId: row.id,
    data: { name: rule.name, kind: rule.condition.kind, source: 'demo' },
  });
  return row.id;
}

async function insertGroup(
  tx: Tx,
  companyId: number,
  group: { name: string; description: string },
  ruleIds: readonly number[],
): Promise<number> {
  const [row] = await tx
    .insert(monitorGroups)
    .values({ companyId, ...group })
    .returning({ id: monitorGroups.monitorGroupId });
  if (!row) throw new Error(`Could not create the demo monitor group ${group.name}`);
  await tx
    .insert(monitorGroupRules)
    .values(ruleIds.map((problemRuleDefinitionId) => ({ monitorGroupId: row.id, problemRuleDefinitionId })));
  await recordEvent(tx, {
    name: 'monitorGroups.create',
    actorUserId: null,
    companyId,
    subjectType: 'monitorGroup',
    subjectId: row.id,
    data: { name: group.name, problemRuleDefinitionIds: ruleIds, source: 'demo' },
  });
  return row.id;
}

/**
 * The library's rules and a library group holding them all, and per customer company its own group of the
 * library's rules, held by every unit and agent of the company (agents for the agent silence rule).
 */
export async function seedProblemRules(tx: Tx, customerCompanyIds: readonly number[]): Promise<void> {
  const ruleIds: number[] = [];
  for (const rule of DEMO_LIBRARY_RULES) ruleIds.push(await insertRule(tx, rule));
  await insertGroup(
    tx,
    PROVIDER_COMPANY_ID,
    {
      name: DEMO_LIBRARY_GROUP,
      description:
        "The provider's standard rules for chilled-water and DX CRAH units, for any company to hold.",
    },
    ruleIds,
  );
  for (const companyId of customerCompanyIds) {
    const monitorGroupId = await insertGroup(
      tx,
      companyId,
      {
        name: DEMO_COMPANY_GROUP,
        description: 'Every unit and agent of the company, watched by the library rules.',
      },
      ruleIds,
    );
    await tx
      .update(assets)
      .set({ monitorGroupId })
      .where(
        and(
          eq(assets.companyId, companyId),
          inArray(assets.assetTypeId, [ASSET_TYPE.unit, ASSET_TYPE.agent]),
        ),
      );
  }
}

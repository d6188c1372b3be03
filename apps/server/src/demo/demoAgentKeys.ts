import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import { hashAgentKey } from '../http/authenticateAgent.ts';
import type { Db } from '../platform/db/database.ts';
import { agentKeys, assetProperties, assets } from '../platform/db/schema.ts';

export const DEMO_AGENT_KEY_LABEL = 'demo simulator';

export interface DemoUnitRef {
  assetId: number;
  name: string;
  serialNumber: string;
  model: string;
}

export interface DemoAgentRef {
  agentAssetId: number;
  companyId: number;
  name: string;
  /** Sent in x-agent-key; only its hash is stored. */
  key: string;
  /** The units of the agent's data hall, directly or under a split unit. */
  units: DemoUnitRef[];
}

/**
 * A fresh key per agent at every start, the older simulator keys revoked: the plaintext is never stored, so a
 * restarted simulator could not reuse one, and revoking keeps exactly one live demo key per agent. Keys issued for
 * other purposes (other labels) are left alone.
 */
export async function issueDemoAgentKeys(db: Db): Promise<DemoAgentRef[]> {
  const live = and(eq(assets.isDeleted, false));
  const agents = await db
    .select({
      assetId: assets.assetId,
      companyId: assets.companyId,
      parentAssetId: assets.parentAssetId,
      name: assets.name,
    })
    .from(assets)
    .where(and(live, eq(assets.assetTypeId, ASSET_TYPE.agent)))
    .orderBy(assets.assetId);
  if (agents.length === 0) return [];
  const halls = agents.flatMap((agent) => (agent.parentAssetId === null ? [] : [agent.parentAssetId]));
  const children =
    halls.length === 0
      ? []
      : await db
          .select({
            assetId: assets.assetId,
            parentAssetId: assets.parentAssetId,
            assetTypeId: assets.assetTypeId,
            name: assets.name,
          })
          .from(assets)
          .where(and(live, inArray(assets.parentAssetId, halls)));
  const splits = children.filter((child) => child.assetTypeId === ASSET_TYPE.splitUnit);
  const splitChildren =
    splits.length === 0
      ? []
      : await db
          .select({
            assetId: assets.assetId,
            parentAssetId: assets.parentAssetId,
            assetTypeId: assets.assetTypeId,
            name: assets.name,
          })
          .from(assets)
          .where(
            and(
              live,
              inArray(
                assets.parentAssetId,
                splits.map((split) => split.assetId),
              ),
            ),
          );
  const hallOfSplit = new Map(splits.map((split) => [split.assetId, split.parentAssetId]));
  const unitRows = [...children, ...splitChildren].filter((row) => row.assetTypeId === ASSET_TYPE.unit);
  const properties =
    unitRows.length === 0
      ? []
      : await db
          .select()
          .from(assetProperties)
          .where(
            and(
              inArray(
                assetProperties.assetId,
                unitRows.map((unit) => unit.assetId),
              ),
              inArray(assetProperties.name, ['serialNumber', 'model']),
            ),
          );
  const property = (assetId: number, name: string) =>
    properties.find((row) => row.assetId === assetId && row.name === name)?.value;

  const issued: DemoAgentRef[] = [];
  for (const agent of agents) {
    const key = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      await tx
        .update(agentKeys)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(agentKeys.assetId, agent.assetId),
            eq(agentKeys.label, DEMO_AGENT_KEY_LABEL),
            isNull(agentKeys.revokedAt),
          ),
        );
      await tx
        .insert(agentKeys)
        .values({ assetId: agent.assetId, keyHash: hashAgentKey(key), label: DEMO_AGENT_KEY_LABEL });
    });
    const units = unitRows
      .filter((unit) => {
        const parent = unit.parentAssetId ?? -1;
        return parent === agent.parentAssetId || hallOfSplit.get(parent) === agent.parentAssetId;
      })
      .map((unit) => ({
        assetId: unit.assetId,
        name: unit.name ?? `Unit ${unit.assetId}`,
        serialNumber: property(unit.assetId, 'serialNumber') ?? `SN${unit.assetId}`,
        model: property(unit.assetId, 'model') ?? 'Cooling unit',
      }));
    issued.push({
      agentAssetId: agent.assetId,
      companyId: agent.companyId,
      name: agent.name ?? `Agent ${agent.assetId}`,
      key,
      units,
    });
  }
  return issued;
}

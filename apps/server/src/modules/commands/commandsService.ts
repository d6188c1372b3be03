import {
  commandValueSchema,
  metricCommandActionSchema,
  metricCommandStateSchema,
  type BodyOf,
  type MetricCommand,
  type metricCommandsEndpoints,
} from '@kelvin/contract';
import {
  ASSET_TYPE,
  commandActionProblem,
  commandDurationProblem,
  commandValueProblem,
} from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField, conflict, notFound } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import type { LastValueTable } from '../../platform/live/lastValueTable.ts';
import { nearestOfType } from '../assets/assetsPresenter.ts';
import { chainsUpFrom } from '../assets/assetsRepository.ts';
import { loadVisibleAsset } from '../assets/assetsService.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { findCatalogueMetric, METRICS_READ } from '../metrics/metricsService.ts';
import type { CommandWakeups } from './commandQueue.ts';
import { findCommandView, insertCommand, listCommandViews, type CommandView } from './commandsRepository.ts';

export const METRICS_WRITE = 'metrics:write';
const COMMANDABLE_TYPES: readonly number[] = [ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit];

type CreateBody = BodyOf<typeof metricCommandsEndpoints.metricCommandsCreate>;

const nullableValue = commandValueSchema.nullable();

export function presentCommand({ command, alias, requesterName }: CommandView): MetricCommand {
  return {
    commandId: command.commandId,
    assetId: command.assetId,
    metricId: command.metricId,
    alias,
    action: metricCommandActionSchema.parse(command.action),
    value: commandValueSchema.parse(command.value),
    previousValue: nullableValue.parse(command.previousValue ?? null),
    durationMinutes: command.durationMinutes,
    reason: command.reason,
    state: metricCommandStateSchema.parse(command.state),
    failureReason: command.failureReason,
    requestedBy: { userId: command.requestedBy, name: requesterName },
    requestedAt: command.requestedAt.toISOString(),
    deliveredAt: command.deliveredAt?.toISOString() ?? null,
    completedAt: command.completedAt?.toISOString() ?? null,
  };
}

/** The data hall whose agents serve an asset (its nearest data hall above it), or null when it is in none. */
export async function datahallOf(db: Db, assetId: number): Promise<number | null> {
  const links = await chainsUpFrom(db, [assetId]);
  return nearestOfType(links, assetId, ASSET_TYPE.datahall);
}

/**
 * `metrics.commands.create`: authorize (metrics:write on the unit's company; another company's unit is missing),
 * validate against the metric (its permitted actions, type and enum; a duration for overrides only), then queue
 * the command for the agents of the unit's data hall and record it in the audit trail, in one transaction.
 */
export async function createCommand(
  deps: { db: Db; lastValues: LastValueTable; wakeups: CommandWakeups },
  auth: AuthContext,
  body: CreateBody,
): Promise<MetricCommand> {
  const { db } = deps;
  const asset = await loadVisibleAsset(db, auth, METRICS_WRITE, body.assetId);
  if (!COMMANDABLE_TYPES.includes(asset.assetTypeId)) {
    throw badField('body.assetId', 'Commands go to units; this asset is not a unit.');
  }
  const metric = await findCatalogueMetric(db, body.metricId);
  if (!metric) throw notFound('Metric not found.');
  const actionProblem = commandActionProblem(metric, body.action);
  if (actionProblem) throw badField('body.action', actionProblem);
  const valueProblem = commandValueProblem(metric, body.value);
  if (valueProblem) throw badField('body.value', valueProblem);
  const durationProblem = commandDurationProblem(body.action, body.durationMinutes);
  if (durationProblem) throw badField('body.durationMinutes', durationProblem);
  const datahallId = await datahallOf(db, asset.assetId);
  if (datahallId === null) {
    throw conflict('This unit is not in a data hall, so no agent can take its commands.');
  }
  const previousValue = deps.lastValues.get(asset.assetId, metric.metricId)?.value ?? null;
  const commandId = await db.transaction(async (tx) => {
    const row = await insertCommand(tx, {
      companyId: asset.companyId,
      assetId: asset.assetId,
      datahallId,
      metricId: metric.metricId,
      action: body.action,
      value: body.value,
      previousValue,
      durationMinutes: body.durationMinutes ?? null,
      reason: body.reason,
      requestedBy: auth.user.userId,
    });
    await recordEvent(tx, {
      name: 'metrics.commands.create',
      actorUserId: auth.user.userId,
      companyId: asset.companyId,
      subjectType: 'asset',
      subjectId: asset.assetId,
      data: {
        commandId: row.commandId,
        alias: metric.alias,
        action: body.action,
        value: body.value,
        previousValue,
        durationMinutes: body.durationMinutes ?? null,
        reason: body.reason,
      },
    });
    return row.commandId;
  });
  deps.wakeups.wake(datahallId);
  const view = await findCommandView(db, commandId);
  if (!view) throw new Error(`command ${commandId} vanished after insert`);
  return presentCommand(view);
}

/** `metrics.commands.list`: a unit's recent commands, for anyone who may read its metrics. */
export async function listCommands(
  db: Db,
  auth: AuthContext,
  body: { assetId: number; limit: number },
): Promise<MetricCommand[]> {
  const asset = await loadVisibleAsset(db, auth, METRICS_READ, body.assetId);
  const views = await listCommandViews(db, asset.assetId, body.limit);
  return views.map(presentCommand);
}

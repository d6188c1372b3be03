import {
  commandValueSchema,
  metricCommandActionSchema,
  metricCommandStateSchema,
  type AgentCommand,
  type BodyOf,
  type MetricCommandState,
  type metricCommandsEndpoints,
} from '@kelvin/contract';
import type { AgentContext } from '../../http/authenticateAgent.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { POLL_RECHECK_MS, type CommandWakeups } from './commandQueue.ts';
import {
  claimPendingCommands,
  completeCommand,
  findCommands,
  type CommandRow,
} from './commandsRepository.ts';
import { datahallOf } from './commandsService.ts';

type PollBody = BodyOf<typeof metricCommandsEndpoints.agentCommandsPoll>;
type AckBody = BodyOf<typeof metricCommandsEndpoints.agentCommandsAck>;

export const NO_REASON_GIVEN = 'The agent gave no reason.';

function toAgentCommand(command: CommandRow, alias: string): AgentCommand {
  return {
    commandId: command.commandId,
    assetId: command.assetId,
    metricId: command.metricId,
    alias,
    action: metricCommandActionSchema.parse(command.action),
    value: commandValueSchema.parse(command.value),
    durationMinutes: command.durationMinutes,
  };
}

/**
 * `agents.commands.poll`: the pending commands of the agent's data hall, claimed for this agent. Waits up to
 * `waitSeconds` when there are none, woken at once by a command queued in this process and re-reading the queue
 * every second for one queued by another; answers early (empty) when the agent hangs up.
 */
export async function pollAgentCommands(
  deps: { db: Db; wakeups: CommandWakeups },
  agent: AgentContext,
  body: PollBody,
  signal: AbortSignal,
): Promise<{ commands: AgentCommand[] }> {
  const datahallId = await datahallOf(deps.db, agent.agentAssetId);
  const deadline = Date.now() + body.waitSeconds * 1000;
  for (;;) {
    if (datahallId !== null) {
      const claimed = await claimPendingCommands(deps.db, {
        datahallId,
        companyId: agent.companyId,
        agentAssetId: agent.agentAssetId,
        max: body.max,
        now: new Date(),
      });
      if (claimed.length > 0)
        return { commands: claimed.map((row) => toAgentCommand(row.command, row.alias)) };
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal.aborted) return { commands: [] };
    await deps.wakeups.wait(datahallId ?? -1, Math.min(POLL_RECHECK_MS, remaining), signal);
  }
}

/**
 * `agents.commands.ack`: the agent's outcome of commands it took. Only commands delivered to this very agent
 * may be answered (any other id refuses the whole request, nothing written). An answered command keeps its
 * first answer; a command timed out while the agent worked takes the agent's late answer, which is the truth.
 */
export async function ackAgentCommands(
  db: Db,
  agent: AgentContext,
  body: AckBody,
): Promise<{ results: { commandId: number; state: MetricCommandState }[] }> {
  const ids = [...new Set(body.results.map((result) => result.commandId))];
  return db.transaction(async (tx) => {
    const rows = new Map((await findCommands(tx, ids)).map((row) => [row.commandId, row]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || row.deliveredTo !== agent.agentAssetId || row.companyId !== agent.companyId) {
        throw notFound(`Command ${id} is not one this agent took.`);
      }
    }
    const now = new Date();
    const states = new Map<number, MetricCommandState>();
    for (const result of body.results) {
      const row = rows.get(result.commandId);
      if (!row || states.has(row.commandId)) continue;
      const current = metricCommandStateSchema.parse(row.state);
      if (current === 'APPLIED' || current === 'FAILED') {
        states.set(row.commandId, current);
        continue;
      }
      const failureReason = result.outcome === 'FAILED' ? (result.reason ?? NO_REASON_GIVEN) : null;
      await completeCommand(tx, row.commandId, { state: result.outcome, failureReason, now });
      await recordEvent(tx, {
        name: result.outcome === 'APPLIED' ? 'metrics.commands.apply' : 'metrics.commands.fail',
        actorUserId: null,
        companyId: row.companyId,
        subjectType: 'asset',
        subjectId: row.assetId,
        data: { commandId: row.commandId, agentAssetId: agent.agentAssetId, reason: failureReason },
      });
      states.set(row.commandId, result.outcome);
    }
    return { results: [...states].map(([commandId, state]) => ({ commandId, state })) };
  });
}

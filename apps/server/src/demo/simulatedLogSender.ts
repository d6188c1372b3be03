import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LOGS_INGEST_MAX_RECORDS, type LogRecordInput } from '@kelvin/contract';
import type { AgentTransport } from './agentTransport.ts';
import type { DemoAgentRef, DemoUnitRef } from './demoAgentKeys.ts';
import { watchUnitForLogs } from './simulatedLogs.ts';
import type { UnitSimulation } from './unitSimulation.ts';

/** Lines an agent holds while the server does not take them; beyond this the oldest are dropped. */
const MAX_BUFFERED = 50_000;

export interface SimulatedLogs {
  /** The unit's simulation, watched: what it does becomes log lines its agent sends. */
  watch(unit: DemoUnitRef, simulation: UnitSimulation): UnitSimulation;
  stop(): Promise<void>;
}

/**
 * The demo agents' logs: lines from watched units are buffered per agent and sent every `intervalMs` the agents'
 * way (`POST /api/deviceLogs.ingest` with the agent's key, or their MQTT topic), as a real agent would. A batch that failed is
 * sent again with the same batch id, so a batch stored but unanswered is not stored twice; a refused one is
 * dropped with a warning.
 */
export function startSimulatedLogs(deps: {
  transport: AgentTransport;
  log: FastifyBaseLogger;
  agents: readonly DemoAgentRef[];
  intervalMs: number;
}): SimulatedLogs {
  const agentOfUnit = new Map(
    deps.agents.flatMap((agent) => agent.units.map((unit) => [unit.assetId, agent])),
  );
  const buffered = new Map<number, LogRecordInput[]>();
  const unanswered = new Map<number, { batchId: string; records: LogRecordInput[] }>();

  const post = async (agent: DemoAgentRef, batch: { batchId: string; records: LogRecordInput[] }) => {
    const result = await deps.transport.send(agent, 'deviceLogs', batch);
    if (result.stored) return;
    if (result.retry) throw new Error(`deviceLogs not stored: ${result.detail}`);
    deps.log.warn({ agent: agent.name, detail: result.detail }, 'demo log batch refused');
  };

  const flush = async (agent: DemoAgentRef) => {
    const lines = buffered.get(agent.agentAssetId) ?? [];
    const batch = unanswered.get(agent.agentAssetId) ?? {
      batchId: `sim-logs-${randomUUID()}`,
      records: lines.splice(0, LOGS_INGEST_MAX_RECORDS),
    };
    if (batch.records.length === 0) return;
    unanswered.set(agent.agentAssetId, batch);
    try {
      await post(agent, batch);
      unanswered.delete(agent.agentAssetId);
    } catch (error) {
      deps.log.warn({ err: error, agent: agent.name }, 'demo log batch not sent; retrying');
    }
  };

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => Promise.all(deps.agents.map(flush)))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'demo logs not sent'));
  }, deps.intervalMs);
  timer.unref();

  return {
    watch(unit, simulation) {
      const agent = agentOfUnit.get(unit.assetId);
      if (!agent) return simulation;
      return watchUnitForLogs(unit, simulation, (record) => {
        const lines = buffered.get(agent.agentAssetId) ?? [];
        lines.push(record);
        if (lines.length > MAX_BUFFERED) lines.splice(0, lines.length - MAX_BUFFERED);
        buffered.set(agent.agentAssetId, lines);
      });
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

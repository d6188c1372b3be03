import { metricCommandsEndpoints, type AgentCommand } from '@kelvin/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DemoAgentRef } from './demoAgentKeys.ts';
import type { SimulatedPoint, UnitSimulation } from './unitSimulation.ts';

const POLL_WAIT_SECONDS = 20;
const RETRY_AFTER_MS = 2_000;

export interface CommandResponderDeps {
  baseUrl: string;
  log: FastifyBaseLogger;
  agents: readonly DemoAgentRef[];
  simulationOf(assetId: number): UnitSimulation | undefined;
  /** Sends readings at once, so that the console sees an applied command without waiting for the next tick. */
  sendPoints(agent: DemoAgentRef, points: unknown[]): Promise<void>;
}

async function agentPost(
  baseUrl: string,
  agent: DemoAgentRef,
  path: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-agent-key': agent.key },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  const answer: unknown = await response.json();
  return answer;
}

/**
 * The demo agents' side of set and override: each agent long-polls its commands as a real one would, has its
 * simulated unit act on each, answers APPLIED or FAILED with the unit's reason, and sends the resulting reading
 * (override USER while an override holds) right away.
 */
export function startCommandResponder(deps: CommandResponderDeps): { stop(): Promise<void> } {
  let stopped = false;
  const hangUp = new AbortController();

  const answer = async (agent: DemoAgentRef, command: AgentCommand) => {
    const simulation = deps.simulationOf(command.assetId);
    const now = Date.now();
    const reason = simulation ? simulation.apply(command, now) : 'This agent does not serve that unit.';
    await agentPost(deps.baseUrl, agent, metricCommandsEndpoints.agentCommandsAck.path, {
      results: [
        {
          commandId: command.commandId,
          outcome: reason === null ? 'APPLIED' : 'FAILED',
          ...(reason ? { reason } : {}),
        },
      ],
    });
    if (reason !== null || !simulation) return;
    const reading = simulation.sample(now).find((point: SimulatedPoint) => point.alias === command.alias);
    if (reading) await deps.sendPoints(agent, [{ assetId: command.assetId, ts: now, ...reading }]);
  };

  const serve = async (agent: DemoAgentRef): Promise<void> => {
    while (!stopped) {
      try {
        const response = await fetch(`${deps.baseUrl}/api${metricCommandsEndpoints.agentCommandsPoll.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-agent-key': agent.key },
          body: JSON.stringify({ waitSeconds: POLL_WAIT_SECONDS }),
          signal: hangUp.signal,
        });
        if (!response.ok) throw new Error(`poll answered ${response.status}`);
        const { commands } = metricCommandsEndpoints.agentCommandsPoll.output.parse(await response.json());
        for (const command of commands) await answer(agent, command);
      } catch (error) {
        if (hangUp.signal.aborted) return;
        deps.log.warn({ err: error, agent: agent.name }, 'demo agent command poll failed');
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      }
    }
  };

  const serving = Promise.all(deps.agents.map(serve));
  return {
    async stop() {
      stopped = true;
      hangUp.abort();
      await serving;
    },
  };
}

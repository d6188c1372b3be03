/** What an agent publishes: a batch of telemetry or of device log records, the bodies of the HTTP calls. */
export type AgentMessageKind = 'telemetry' | 'deviceLogs';

const KINDS: readonly AgentMessageKind[] = ['telemetry', 'deviceLogs'];

/**
 * Topics of one agent, under the deployment's prefix: `{prefix}/agents/{agentAssetId}/telemetry` and
 * `…/deviceLogs` to publish, `…/replies` for the server's answers. One agent per topic, so that a broker's access
 * list can give each agent's credentials its own topics (and a company's agents their company's).
 */
export function agentTopic(prefix: string, agentAssetId: number, kind: AgentMessageKind | 'replies'): string {
  return `${prefix}/agents/${String(agentAssetId)}/${kind}`;
}

/** The topic filter the server subscribes to for one kind: every agent's, shared across the server's processes. */
export function sharedAgentFilter(prefix: string, group: string, kind: AgentMessageKind): string {
  return `$share/${group}/${prefix}/agents/+/${kind}`;
}

/** The agent and kind a message's topic names; null for a topic that is not an agent's. */
export function parseAgentTopic(
  prefix: string,
  topic: string,
): { agentAssetId: number; kind: AgentMessageKind } | null {
  if (!topic.startsWith(`${prefix}/agents/`)) return null;
  const [id, kind, ...rest] = topic.slice(prefix.length + '/agents/'.length).split('/');
  if (rest.length > 0 || id === undefined || !/^[1-9]\d{0,15}$/.test(id)) return null;
  const found = KINDS.find((candidate) => candidate === kind);
  return found ? { agentAssetId: Number(id), kind: found } : null;
}

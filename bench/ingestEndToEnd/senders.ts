import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { agentTopic } from '../../apps/server/src/modules/agentMqtt/agentTopics.ts';
import type { PreparedBatch } from './ingestFleet.ts';

export interface SendRun {
  points: number;
  seconds: number;
  /** Each batch's acknowledgement: send to the answer (HTTP) or to the reply (MQTT), in ms. */
  latencies: number[];
  errors: number;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
};
export const summary = (run: SendRun) => ({
  pointsPerSecond: run.points / run.seconds,
  p50: percentile(run.latencies, 0.5),
  p99: percentile(run.latencies, 0.99),
});

/** Every agent at once, each sending its batches one after another over HTTP and waiting for each answer. */
export async function sendOverHttp(url: string, batches: readonly PreparedBatch[][]): Promise<SendRun> {
  const run: SendRun = { points: 0, seconds: 0, latencies: [], errors: 0 };
  const started = performance.now();
  await Promise.all(
    batches.map(async (agentBatches) => {
      for (const batch of agentBatches) {
        const sentAt = performance.now();
        const response = await fetch(`${url}/api/telemetry.ingest`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'x-agent-key': batch.agent.key,
          },
          body: batch.http,
        }).catch(() => undefined);
        const text = await response?.text();
        if (!response?.ok || !text?.includes('"accepted"')) {
          run.errors += 1;
          continue;
        }
        run.latencies.push(performance.now() - sentAt);
        run.points += batch.points;
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/**
 * Every agent at once over MQTT (a connection each, QoS 1), each publishing its batches one after another and
 * waiting for the server's reply, as an agent that keeps one batch in flight would.
 */
export async function sendOverMqtt(
  brokerUrl: string,
  topicPrefix: string,
  batches: readonly PreparedBatch[][],
): Promise<SendRun> {
  const run: SendRun = { points: 0, seconds: 0, latencies: [], errors: 0 };
  const clients: MqttClient[] = await Promise.all(
    batches.map(() => connectAsync(brokerUrl, { protocolVersion: 5, reconnectPeriod: 0 })),
  );
  try {
    const started = performance.now();
    await Promise.all(
      batches.map(async (agentBatches, index) => {
        const client = clients[index];
        const first = agentBatches[0];
        if (!client || !first) return;
        const waiting = new Map<string, (reply: string) => void>();
        client.on('message', (_topic, payload, packet) => {
          const id = packet.properties?.correlationData?.toString('hex') ?? '';
          waiting.get(id)?.(payload.toString());
          waiting.delete(id);
        });
        await client.subscribeAsync(agentTopic(topicPrefix, first.agent.agentAssetId, 'replies'), { qos: 1 });
        for (const batch of agentBatches) {
          const correlation = randomBytes(8);
          const sentAt = performance.now();
          const reply = new Promise<string>((resolve) => {
            waiting.set(correlation.toString('hex'), resolve);
            setTimeout(() => resolve('timeout'), 60_000);
          });
          await client.publishAsync(
            agentTopic(topicPrefix, batch.agent.agentAssetId, 'telemetry'),
            batch.mqtt,
            {
              qos: 1,
              properties: { correlationData: correlation },
            },
          );
          const text = await reply;
          if (!text.includes('"accepted"')) {
            run.errors += 1;
            continue;
          }
          run.latencies.push(performance.now() - sentAt);
          run.points += batch.points;
        }
      }),
    );
    run.seconds = (performance.now() - started) / 1000;
  } finally {
    await Promise.all(clients.map((client) => client.endAsync()));
  }
  return run;
}

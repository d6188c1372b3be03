import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SoakFleet } from './soakFleet.ts';

export const soakLoadJobSchema = z.object({
  url: z.string(),
  intervalMs: z.number(),
  fleet: z.object({
    unitIds: z.array(z.number()),
    aliases: z.array(z.string()),
    metricIds: z.array(z.number()),
    agentKey: z.string(),
    token: z.string(),
  }),
});
const soakLoadReportSchema = z.object({ pointsAcked: z.number(), errors: z.array(z.string()) });

/** The soak's load in a child process (soakLoadProcess.ts); resolves once it runs. */
export async function forkSoakLoad(
  url: string,
  fleet: SoakFleet,
  intervalMs: number,
): Promise<{ stop(): Promise<{ pointsAcked: number; errors: string[] }> }> {
  const job: z.infer<typeof soakLoadJobSchema> = { url, intervalMs, fleet };
  const child = fork(fileURLToPath(new URL('./soakLoadProcess.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SOAK_LOAD_JOB: JSON.stringify(job) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) =>
      message === 'ready' ? resolve() : reject(new Error(JSON.stringify(message))),
    );
    child.once('exit', (code) => reject(new Error(`the load process exited with ${String(code)}`)));
  });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once('message', (message) => resolve(soakLoadReportSchema.parse(message)));
        child.once('exit', (code) => reject(new Error(`the load process exited with ${String(code)}`)));
        child.send('stop');
      }),
  };
}

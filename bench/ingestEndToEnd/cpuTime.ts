import { readFileSync } from 'node:fs';

/** Linux's clock ticks a second for /proc times (USER_HZ: 100 on every architecture this runs on). */
const TICKS_A_SECOND = 100;

/** CPU seconds (user + system, every thread) a process has used, from /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return (userTicks + systemTicks) / TICKS_A_SECOND;
}

/** CPU seconds this process has used, every thread (DuckDB's included). */
export const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** The CPU seconds `pid` (or this process) spends while `work` runs, beside the work's result. */
export async function withCpu<T>(
  work: () => Promise<T>,
  pids: { server?: number },
): Promise<{ result: T; serverCpu: number; ownCpu: number }> {
  const serverBefore = pids.server === undefined ? 0 : processCpuSeconds(pids.server);
  const ownBefore = ownCpuSeconds();
  const result = await work();
  return {
    result,
    serverCpu: pids.server === undefined ? 0 : processCpuSeconds(pids.server) - serverBefore,
    ownCpu: ownCpuSeconds() - ownBefore,
  };
}

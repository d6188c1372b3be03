import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A child process of the cluster (a server or HAProxy), its output passed on line by line under its name. */
export interface ClusterChild {
  name: string;
  /** Its process id (undefined when it could not be started). */
  pid: number | undefined;
  /** What it wrote, for a failing start or test to show. */
  output(): string;
  /** Whether it is still running. */
  running(): boolean;
  /** Resolves with its exit code once it has exited (null when ended by a signal). */
  exited: Promise<number | null>;
  /** Sends `signal` unless it has exited, and resolves once it has. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

export function spawnClusterChild(options: {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Each line of its output, prefixed with its name; kept in output() either way. */
  onLine?: (line: string) => void;
}): ClusterChild {
  // A process group of its own: Ctrl-C in a terminal reaches the launcher only, which stops each child once, in
  // order (a server given SIGINT by the terminal and then SIGTERM by the launcher would die at the second).
  const child: ChildProcess = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const state = { exited: false };
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      state.exited = true;
      resolve(code);
    });
    // A command that cannot be started (no such file): reported as an exit, its reason in the output.
    child.once('error', (error) => {
      output += `${error.message}\n`;
      state.exited = true;
      resolve(127);
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      output += `${line}\n`;
      options.onLine?.(`[${options.name}] ${line}`);
    });
  }
  return {
    name: options.name,
    pid: child.pid,
    output: () => output,
    running: () => !state.exited,
    exited,
    stop: (signal) => {
      if (!state.exited) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `url` until it answers 200; rejects once `child` has exited or the time is up. */
export async function waitUntilAnswering(url: string, child: ClusterChild, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!child.running()) throw new Error(`${child.name} exited before it answered:\n${child.output()}`);
    if (Date.now() > deadline)
      throw new Error(`${child.name} did not answer ${url} in time:\n${child.output()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

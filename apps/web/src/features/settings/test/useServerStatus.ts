import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchVersionInfo } from '../../../app/version/versionWatcher.ts';

const health = z.object({ status: z.string() });

/** The server's health check (/healthz), asked afresh each time the page asks. */
export function useServerHealth() {
  return useQuery({
    queryKey: ['test', 'health'],
    queryFn: async ({ signal }) => {
      const started = performance.now();
      const response = await fetch('/healthz', { signal, cache: 'no-store' });
      if (!response.ok) throw new Error(`The health check answered ${response.status}.`);
      return { ...health.parse(await response.json()), ms: Math.round(performance.now() - started) };
    },
    staleTime: 0,
  });
}

/** The version the server serves now (assets/version.json): a build newer than this tab's shows here first. */
export function useServedVersion() {
  return useQuery({ queryKey: ['test', 'version'], queryFn: fetchVersionInfo, staleTime: 0 });
}

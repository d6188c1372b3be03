import { defineConfig } from 'vitest/config';

// Browser tests: Debian Chromium driven by playwright-core against the real server and the built web app.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: these machines have two cores.
    fileParallelism: false,
    // A screen waited for in a browser may take seconds on a shared two-core machine: poll, do not give up at 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});

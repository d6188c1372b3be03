import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/testSetup.ts'],
    css: false,
    // The unit tests share two cores with the type-check and the web build in CI: a screen typed into by
    // user-event may take several seconds then, past vitest's 5 s default, and a test cut off mid-typing types
    // into the next one.
    testTimeout: 20_000,
  },
});

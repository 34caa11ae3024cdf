import { defineConfig } from 'vitest/config';
import { workerExecArgv } from './vitest.node-flags';

// Browser journeys: real Chromium (playwright-core) through the real server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 60000,
    fileParallelism: false,
    execArgv: workerExecArgv,
  },
});

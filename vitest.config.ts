import { defineConfig } from 'vitest/config';
import { workerExecArgv } from './vitest.node-flags';
import react from '@vitejs/plugin-react';

// Unit, component and API tests. Browser journeys live in vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/{unit,component,api}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20000,
    pool: 'forks',
    execArgv: workerExecArgv,
  },
});

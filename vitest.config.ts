import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    environment: 'node',
    // The migrations run once, here; each suite's database is a copy (tests/support/database-templates.ts).
    // The server is bundled once, here; tests that start it run the bundle (tests/support/server-bundle.ts).
    globalSetup: ['tests/support/database-templates.ts', 'tests/support/server-bundle.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Process tests start real servers; keep the 2-core machine from thrashing (three workers
    // timed the servers' tests out).
    maxWorkers: 2,
    // A worker imports the server once and runs its files one after another on that module graph,
    // instead of importing it anew for each file (about 4 s a file). No test mocks a module, and each
    // builds its own app, config and database.
    isolate: false,
  },
});

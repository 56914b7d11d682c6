import { configDefaults, defineConfig } from 'vitest/config';

// The suite runs on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
const databases = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

export default defineConfig({
  test: {
    projects: [
      ...databases.map((db) => ({
        extends: true as const,
        test: {
          name: db,
          include: ['src/**/*.test.ts', 'db/**/*.test.ts', 'openapi/**/*.test.ts', 'examples/**/*.test.ts'],
          // *.postgres.test.ts: faults and races that need a real server (PGlite has one connection, no network).
          exclude: db === 'pglite' ? [...configDefaults.exclude, '**/*.postgres.test.ts'] : configDefaults.exclude,
          environment: 'node',
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // Journeys in real Chromium against the built client (npm test builds it first).
      {
        extends: true as const,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

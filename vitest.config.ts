import { configDefaults, defineConfig } from 'vitest/config';

// The projects on PostgreSQL copy each file's database from one migrated for the run.
const postgresTemplate = 'src/testing/postgres-template.ts';
// The suite runs on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
const databases = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

export default defineConfig({
  test: {
    // Most of a test's time is spent waiting on a database or a browser: with two files at once the CPUs of a
    // 2-core machine were busy about half the time of a CI run (14 of 38 core-minutes), so three run at once.
    maxWorkers: 3,
    // Files share a worker's modules instead of importing the whole app afresh each (2 s of CPU per file, and
    // PGlite's WebAssembly compiled again): the suite took about half the time. Every file makes its own
    // database and app, so no state is shared through them.
    isolate: false,
    // expect.poll waits for what a page or a job will show; its default second is too short on a busy machine.
    expect: { poll: { timeout: 30_000 } },
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
          globalSetup: db === 'postgres' ? [postgresTemplate] : [],
          // Time limits only catch a hang: on a machine shared with other work, creating and migrating a test
          // database or a property test's runs can take minutes.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      })),
      // Journeys in real Chromium against the built client (npm test builds it first). Their app runs on PostgreSQL
      // when DATABASE_URL is set (CI: a database per file, as the postgres project's), on PGlite otherwise, as
      // `npm start` does: in CI the journeys' CPU is the run's limit, and PGlite's took a sixth of it.
      {
        extends: true as const,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          env: { TEST_DB: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
          globalSetup: process.env.DATABASE_URL ? [postgresTemplate] : [],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

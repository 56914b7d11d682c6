import type { TestProject } from 'vitest/node';
import { createDb } from '../../db/client';
import { createPostgresDatabase } from './postgres-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test database on DATABASE_URL is copied from; empty without DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global set-up: with DATABASE_URL, one migrated database for the run, which each test file's database is
 * created from (`create database … template`): a copy costs a fraction of creating a database and running every
 * migration in it, once per file. Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return project.provide('postgresTemplate', '');
  const template = await createPostgresDatabase(adminUrl, 'test_template');
  // Closed before any copy: a database is copied only while nobody is connected to it. Two connections: the
  // migration holds one for its lock and runs on the other.
  const database = await createDb({ url: template.url, maxConnections: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', template.name);
  return template.drop;
}

import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../db/client';

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
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: a database is copied only while nobody is connected to it. Two connections: the
  // migration holds one for its lock and runs on the other.
  const database = await createDb({ url: url.toString(), maxConnections: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}

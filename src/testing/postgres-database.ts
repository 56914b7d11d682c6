import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * A new database on the PostgreSQL server of adminUrl, named `<prefix>_<time>_<random>`, empty or a copy of template:
 * its name, its URL, and drop, which removes it (closing whoever is still connected) and lets go of the server.
 */
export async function createPostgresDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

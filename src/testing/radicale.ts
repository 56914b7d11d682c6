import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real CalDAV server for tests and benchmarks: Radicale (Debian package `radicale`) on a free loopback port, with
 * its storage in a temporary folder and plain htpasswd users, stopped (and its folder removed) afterwards.
 * `stop` and `start` again on the same port and storage stand for a server that goes away and comes back.
 */
export interface Radicale {
  url: string;
  port: number;
  username: string;
  password: string;
  /** The user's collection root (`<url>/<user>/`). */
  home: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Creates a calendar collection (MKCALENDAR) and answers its URL. */
  makeCalendar(name: string, displayName: string): Promise<string>;
  /** PUTs an iCalendar text as a resource of a calendar. */
  putEvent(calendarUrl: string, name: string, text: string): Promise<void>;
  /** The user's credentials as a Basic authorization header. */
  authorization: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startRadicale(opts: { username?: string; password?: string } = {}): Promise<Radicale> {
  const username = opts.username ?? 'staff';
  const password = opts.password ?? 'app-password-1';
  const folder = await mkdtemp(path.join(tmpdir(), 'radicale-'));
  const port = await freePort();
  await writeFile(path.join(folder, 'users'), `${username}:${password}\n`);
  await writeFile(
    path.join(folder, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(folder, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[storage]',
      `filesystem_folder = ${path.join(folder, 'collections')}`,
      '[rights]',
      'type = owner_only',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn('radicale', ['--config', path.join(folder, 'config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    for (let i = 0; i < 200; i++) {
      if (child.exitCode !== null) throw new Error(`radicale exited: ${errors}`);
      const up = await fetch(`${url}/.well-known/caldav`, { redirect: 'manual' }).then(
        () => true,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`radicale did not start: ${errors}`);
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  }

  const home = `${url}/${username}/`;
  async function dav(method: string, target: string, body?: string, headers: Record<string, string> = {}) {
    const res = await fetch(target, { method, body, headers: { authorization, ...headers } });
    if (!res.ok) throw new Error(`${method} ${target}: ${res.status} ${await res.text()}`);
    return res;
  }

  await start();
  // The user's home exists once they have made a request.
  await dav('PROPFIND', home, undefined, { depth: '0' });

  return {
    url,
    port,
    username,
    password,
    home,
    authorization,
    start,
    stop,
    async makeCalendar(name, displayName) {
      const calendarUrl = `${home}${name}/`;
      await dav(
        'MKCALENDAR',
        calendarUrl,
        `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>${displayName}</D:displayname>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>`,
        { 'content-type': 'application/xml' },
      );
      return calendarUrl;
    },
    async putEvent(calendarUrl, name, text) {
      await dav('PUT', `${calendarUrl}${name}`, text, { 'content-type': 'text/calendar' });
    },
    async close() {
      await stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { calDav } from './remote';

describe('a calendar server that never answers', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('is asked once: discovery stops at the first request that ran out of time, and says so', async () => {
    const asked: string[] = [];
    server = createServer((req) => asked.push(`${req.method} ${req.url}`));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const client = calDav(
      { url: `http://127.0.0.1:${port}/dav/`, username: 'ana', password: 'secret' },
      { policy: { publicOnly: false }, timeoutMs: 200 },
    );

    await expect(client.calendars()).rejects.toThrow(`The calendar server 127.0.0.1:${port} did not answer in time.`);
    // tsdav asks the well-known address, then the account's address, then the principal: only the first went out.
    expect(asked).toEqual(['PROPFIND /.well-known/caldav']);
  });
});

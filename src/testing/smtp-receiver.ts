import { createServer, type Socket } from 'node:net';

/**
 * A real SMTP server on a local port, for tests: it speaks the plain protocol (no TLS, no auth) that nodemailer
 * uses with an smtp:// URL and keeps each message as received, so a test reads the mail as a mail client would.
 */

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text part, decoded. */
  text: string;
  /** Attachments by file name, decoded (the reminder's .ics). */
  attachments: Record<string, { contentType: string; content: string }>;
  raw: string;
}

export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let data: string[] | null = null;
    let to: string[] = [];
    reply('220 localhost test SMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          received.push(parseMail(data.join('\r\n'), to));
          data = null;
          to = [];
          reply('250 OK queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= or ?B?), as a subject with non-ASCII letters arrives. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r\n/, ''))));
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const message = splitPart(raw);
  const mail: ReceivedMail = {
    to,
    subject: decodeHeader(message.headers.subject ?? ''),
    text: '',
    attachments: {},
    raw,
  };
  for (const part of leaves(message)) {
    const contentType = part.headers['content-type'] ?? 'text/plain';
    const name = /(?:file)?name="?([^";]+)"?/i.exec(`${part.headers['content-disposition'] ?? ''};${contentType}`)?.[1];
    // A calendar invitation may come as an alternative part without a file name.
    if (name || contentType.startsWith('text/calendar'))
      mail.attachments[name ?? 'calendar'] = { contentType, content: decodeBody(part) };
    else if (contentType.startsWith('text/plain') && !mail.text) mail.text = decodeBody(part).replace(/\r\n/g, '\n');
  }
  return mail;
}

// Runs after every install (npm's postinstall). Mends a crash in postgres.js 3.4.x that upstream has not
// released a fix for (porsager/postgres#1154, #1208):
//
// When a transaction's connection dies mid-query, `sql.begin()` sends its own ROLLBACK on that connection.
// The connection's socket is already null by then, the ROLLBACK's bytes are flushed from a setImmediate, and
// `socket.write` throws there: an uncaught exception that takes the whole server down during a database
// outage, the very moment it should answer 503 and wait. The teardown also clears the flush timer without
// forgetting it, so a pooled connection that died with bytes pending never flushed again.
//
// The fix: a query handed to a connection whose socket is gone is refused with CONNECTION_CLOSED (the
// transaction has already been rejected with it), a flush with no socket drops its bytes, and teardown
// forgets the timer and the pending bytes. `db/driver-outage.postgres.test.ts` reproduces the crash.
//
// A second mend: when the backend ends a connection mid-query (a restart, pg_terminate_backend), its FATAL error
// is kept for the ReadyForQuery that never comes, and the connection object outlives its socket. Reconnected, it
// answered its first new query with that old error. Teardown now forgets it (the query it belonged to is rejected
// with CONNECTION_CLOSED as the socket closes); the same test file reproduces it.
//
// Each replacement must match exactly once; if postgres.js changes, the install fails here instead of
// running unpatched. Patching twice is harmless: patched files are recognised and left alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const marker = '/* storefront: null-socket guard */';
const replacements = [
  [
    `  async function closed(hadError) {
    incoming = Buffer.alloc(0)`,
    `  async function closed(hadError) {
    errorResponse = null
    incoming = Buffer.alloc(0)`,
  ],
  [
    `    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))
`,
    `    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))

    ${marker}
    if (!socket)
      return queryError(q, Errors.connection('CONNECTION_CLOSED', options))
`,
  ],
  [
    `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    `  function nextWrite(fn) {
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      return false
    }
    const x = socket.write(chunk, fn)`,
  ],
  [
    `    clearImmediate(nextWriteTimer)
    if (socket) {`,
    `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    if (socket) {`,
  ],
  [
    `    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)`,
    `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    socket.removeListener('data', data)`,
  ],
];

const root = fileURLToPath(new URL('../node_modules/postgres/', import.meta.url));
for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
  const path = join(root, file);
  let text = readFileSync(path, 'utf8');
  if (text.includes(marker)) continue;
  for (const [from, to] of replacements) {
    const count = text.split(from).length - 1;
    if (count !== 1) {
      throw new Error(`patch-postgres: expected one match in ${path}, found ${count}:\n${from}`);
    }
    text = text.replace(from, to);
  }
  writeFileSync(path, text);
}

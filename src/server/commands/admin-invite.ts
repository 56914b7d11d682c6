import { createDb } from '../../../db/client';
import { inviteAdmin } from '../auth/admin-invite';
import { readEnvOrExit } from '../env';
import { AppError } from '../app-error';

/**
 * `npm run admin:invite -- person@example.com`: makes the person an admin (creating the account if needed)
 * and prints a single-use link to set their password; with SMTP_URL set the link is also mailed to them.
 */
const env = readEnvOrExit();
const emails = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (emails.length !== 1) {
  console.error('Usage: npm run admin:invite -- person@example.com');
  process.exit(2);
}

const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 2 });
try {
  await database.migrate();
  const invite = await inviteAdmin(
    database.db,
    { email: emails[0]! },
    { publicUrl: env.publicUrl, sendMail: Boolean(env.SMTP_URL) },
  );
  const what = { created: 'is a new admin', promoted: 'is now an admin', renewed: 'was already an admin' }[
    invite.outcome
  ];
  console.log(`${invite.email} ${what}.`);
  console.log(`Single-use link to set the password (valid until ${invite.expiresAt.toISOString()}):`);
  console.log(invite.link);
  if (invite.mailed) console.log('The link has also been queued for mailing; a running app instance sends it.');
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}

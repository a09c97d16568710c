// `pnpm admin:password [email] [password]` (or --email/--password): sets a staff user's password and
// signs them out everywhere. Asks for what is missing; the password follows the rule of parseNewPassword.
// A disabled user stays disabled: only an admin re-enables them, in the Team section.
import { resetPassword } from '../auth/auth.service.ts';
import { openConfiguredDatabase, parseNewPassword, prompt, readCredentialArgs } from './cli-support.ts';

async function main(): Promise<number> {
  const args = readCredentialArgs(process.argv.slice(2));
  const email = args.email ?? (await prompt('Email: '));
  if (!email) throw new Error('An email is required');
  const password = parseNewPassword(args.password ?? (await prompt('New password: ', { hidden: true })));
  const database = await openConfiguredDatabase();
  try {
    if (!(await resetPassword(database.knex, email, password))) {
      console.error(`No user named ${email}. To add one: pnpm admin:create ${email}`);
      return 1;
    }
    console.log(`Password changed for ${email}; their sessions were signed out.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

// `pnpm admin:create [email] [password]` (or --email/--password): adds an admin, named after the part of
// the e-mail before the @ (the Team section renames them). Asks for what is
// missing; the password must be at least MIN_PASSWORD_LENGTH characters, without a leading or trailing
// space (parseNewPassword).
import { createAdmin, UserExistsError } from '../auth/auth.service.ts';
import { openConfiguredDatabase, parseNewPassword, prompt, readCredentialArgs } from './cli-support.ts';

async function main(): Promise<number> {
  const args = readCredentialArgs(process.argv.slice(2));
  const email = args.email ?? (await prompt('Email: '));
  if (!email) throw new Error('An email is required');
  const password = parseNewPassword(args.password ?? (await prompt('Password: ', { hidden: true })));
  const database = await openConfiguredDatabase();
  try {
    const user = await createAdmin(database.knex, email, password);
    console.log(`Created ${user.username}. Sign in at /admin.`);
    return 0;
  } catch (error) {
    if (error instanceof UserExistsError) {
      console.error(`${error.message}. To set a new password: pnpm admin:password ${email}`);
      return 1;
    }
    throw error;
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

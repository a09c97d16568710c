// What the admin commands share: the configured database (migrated), and prompting for what was not
// given on the command line (the password without echo).
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { newPasswordSchema } from '@shine/shared/auth';
import { loadConfig, loadEnvFiles } from '../config.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { migrateLatest } from '../db/migrate.ts';

export async function openConfiguredDatabase(): Promise<Database> {
  loadEnvFiles();
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 2,
  });
  await migrateLatest(database.knex);
  return database;
}

export async function prompt(question: string, options: { hidden?: boolean } = {}): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`${question.replace(/:\s*$/, '')} is required (no terminal to ask on)`);
  let muted = false;
  // A password typed at the prompt is not echoed.
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    process.stdout.write(question);
    muted = options.hidden === true;
    const answer = await rl.question('');
    if (muted) process.stdout.write('\n');
    // A password is taken as typed: one with edge spaces is refused (parseNewPassword), not changed.
    return options.hidden ? answer : answer.trim();
  } finally {
    rl.close();
  }
}

/**
 * A new password as the CRM's password change checks it (newPasswordSchema: length, no edge space, since
 * sign-in trims); throws the rule's message, before anything is opened or written.
 */
export function parseNewPassword(password: string): string {
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Invalid password');
  return checked.data;
}

/** `--email x --password y`, or positional `x y`. */
export function readCredentialArgs(argv: string[]): { email?: string; password?: string } {
  const named = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const match = /^--(email|password)(?:=(.*))?$/.exec(arg);
    if (match) {
      const value = match[2] ?? argv[++i];
      if (value !== undefined) named.set(match[1] as string, value);
    } else if (!arg.startsWith('--')) positional.push(arg);
  }
  return { email: named.get('email') ?? positional[0], password: named.get('password') ?? positional[1] };
}

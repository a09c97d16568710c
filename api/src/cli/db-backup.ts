// `pnpm db:backup [file]`: backs up the database the server is configured for (DATABASE_URL, else the
// embedded database in DATA_DIR). See db-backup-restore.ts for the formats.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadCliEnv, loadConfig } from '../config.ts';
import { backupDatabase, resolveBackupTarget } from './db-backup-restore.ts';

// pnpm runs root scripts from the repository root; a relative file is meant from where it was typed.
const { invokedFrom } = loadCliEnv();
const fileArgument = process.argv.slice(2).find((arg) => !arg.startsWith('--'));

try {
  const target = resolveBackupTarget(loadConfig());
  const stamp = new Date().toISOString().replaceAll(/[:.]/g, '-');
  const defaultName = `backups/shine-${target.kind}-${stamp}.${target.kind === 'postgres' ? 'dump' : 'tar.gz'}`;
  const file = path.resolve(invokedFrom, fileArgument ?? defaultName);
  mkdirSync(path.dirname(file), { recursive: true });
  console.log(await backupDatabase(target, file));
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

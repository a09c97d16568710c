// `pnpm db:restore <file> [--force]`: restores a backup made by `pnpm db:backup` into the database the
// server is configured for (DATABASE_URL, else the embedded database in DATA_DIR). Stop the server first.
import path from 'node:path';
import { loadCliEnv, loadConfig } from '../config.ts';
import { resolveBackupTarget, restoreDatabase } from './db-backup-restore.ts';

const { invokedFrom } = loadCliEnv();
const fileArgument = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!fileArgument) {
  console.error('Usage: pnpm db:restore <backup file> [--force]');
  process.exit(2);
}

try {
  const target = resolveBackupTarget(loadConfig());
  console.log(await restoreDatabase(target, path.resolve(invokedFrom, fileArgument)));
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

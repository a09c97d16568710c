// `pnpm --filter @shine/api migrate [latest|rollback|rollback-all|status]` on the configured database
// (the server also migrates to latest on every start).
import { loadConfig, loadEnvFiles } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { listMigrations, migrateLatest, migrateRollback } from '../db/migrate.ts';

const COMMANDS = ['latest', 'rollback', 'rollback-all', 'status'] as const;

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'latest';
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new Error(`Unknown command "${command}". Use one of: ${COMMANDS.join(', ')}`);
  }
  loadEnvFiles();
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  try {
    if (command === 'latest') {
      const ran = await migrateLatest(database.knex);
      console.log(ran.length ? `Applied:\n  ${ran.join('\n  ')}` : 'Already up to date.');
    } else if (command === 'rollback' || command === 'rollback-all') {
      const reverted = await migrateRollback(database.knex, command === 'rollback-all');
      console.log(reverted.length ? `Reverted:\n  ${reverted.join('\n  ')}` : 'Nothing to revert.');
    } else {
      const { completed, pending } = await listMigrations(database.knex);
      console.log(`Completed (${completed.length}):\n  ${completed.join('\n  ') || '-'}`);
      console.log(`Pending (${pending.length}):\n  ${pending.join('\n  ') || '-'}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

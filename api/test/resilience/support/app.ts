// The app in-process on a fresh in-memory PGlite, listening on a free loopback port, the way server.ts
// builds it (config, migrations, first admin, session secrets, createApp).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Knex } from 'knex';
import { createApp } from '../../../src/app.ts';
import { ensureFirstAdmin } from '../../../src/auth/first-admin.ts';
import { loadConfig } from '../../../src/config.ts';
import { resolveSessionSecrets } from '../../../src/db/app-secrets.ts';
import { createDatabase } from '../../../src/db/database.ts';
import { migrateLatest } from '../../../src/db/migrate.ts';
import { createLogger } from '../../../src/logger.ts';
import { TEST_ADMIN } from './server-process.ts';

export { TEST_ADMIN };

export interface TestApp {
  baseUrl: string;
  express: Express;
  db: Knex;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** PGlite directory (default: in memory), or a PostgreSQL URL. */
  dataDir?: string;
  databaseUrl?: string;
  rateLimitLoginPer15Minutes?: number;
  rateLimitLeadsPerMinute?: number;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: options.dataDir ?? 'memory://',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The generated traffic comes from one client; the limits themselves are tested on their own.
    RATE_LIMIT_LEADS_PER_MINUTE: String(options.rateLimitLeadsPerMinute ?? 1_000_000),
    RATE_LIMIT_LOGIN_PER_15_MINUTES: String(options.rateLimitLoginPer15Minutes ?? 1_000_000),
    RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '1000000',
    CUSTOMER_BOOKING_CHANGES_PER_HOUR: '1000000',
    CUSTOMER_BOOKING_CHANGES_PER_DAY: '1000000',
  });
  const logger = createLogger(config);
  const database = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const db = database.knex;
  await migrateLatest(db);
  await ensureFirstAdmin(db, config);
  const sessionSecrets = await resolveSessionSecrets(db, config.sessionSecrets);
  const { app, close } = createApp({ config, db, logger, sessionSecrets, now: () => new Date() });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    express: app,
    db,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      close();
      await database.close();
    },
  };
}

/** Signs the test admin in; answers the Cookie header value. */
export async function signInTestApp(app: TestApp): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Ends a stored session's life, as the idle timeout or the absolute lifetime would. */
export async function expireSessions(app: TestApp, sid: string): Promise<void> {
  const updated = await app
    .db('sessions')
    .where({ sid })
    .update({ expired: app.db.raw("now() - interval '1 minute'") });
  if (updated !== 1) throw new Error(`no stored session ${sid} to expire`);
}

import { measureQuoteToScreen } from './live-latency.ts';
import { signIn, startAppServer } from '../scripts/server-process.ts';
const env = {
  DATABASE_URL: 'postgres://postgres:postgres@localhost:5432/shine_bench',
  DATA_DIR: undefined, ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password-123456', LOG_LEVEL: 'warn',
  NODE_ENV: 'production', SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
  RATE_LIMIT_LEADS_PER_MINUTE: '100000000', RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000',
};
const a = await startAppServer(env);
const b = await startAppServer(env);
try {
  const cookie = await signIn(a.url, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  const r = await measureQuoteToScreen({ crmUrl: a.url, postUrl: b.url, cookie, quotes: 10 });
  console.log(JSON.stringify(r));
} finally { await a.stop(); await b.stop(); }

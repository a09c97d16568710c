import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for `pnpm start` with nothing configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, '.data'),
      businessTimeZone: 'America/Chicago',
      rateLimitLeadsPerMinute: 10,
      rateLimitLoginPer15Minutes: 10,
      sessionIdleMs: 8 * 3_600_000,
      sessionAbsoluteMs: 7 * 24 * 3_600_000,
      cookieSecure: false,
      trustProxy: false,
      corsOrigins: [],
      allowedHosts: [],
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      siteDistDir: path.join(REPO_ROOT, 'site/dist'),
      crmDistDir: path.join(REPO_ROOT, 'packages/crm/dist'),
    });
  });

  it('parses the documented variables', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/shine',
      DATA_DIR: 'memory://',
      SESSION_SECRET: `${'a'.repeat(32)}, ${'b'.repeat(40)}`,
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '12',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://shine.example.com/',
      CORS_ORIGINS: 'https://www.example.com, https://cdn.example.com/path',
      ALLOWED_HOSTS: 'WWW.shine.example.com, shine.example.com',
      REQUEST_TIMEOUT_SECONDS: '20',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      BUSINESS_TIMEZONE: 'America/New_York',
      RATE_LIMIT_LEADS_PER_MINUTE: '5',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'a-long-enough-password',
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      dataDir: 'memory://',
      sessionSecrets: ['a'.repeat(32), 'b'.repeat(40)],
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 12 * 3_600_000,
      cookieSecure: true,
      trustProxy: 1,
      publicOrigin: 'https://shine.example.com',
      corsOrigins: ['https://www.example.com', 'https://cdn.example.com'],
      allowedHosts: ['shine.example.com', 'www.shine.example.com'],
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      businessTimeZone: 'America/New_York',
      rateLimitLeadsPerMinute: 5,
    });
  });

  it('caps automated sends: 200 an hour in all and 1 per recipient by default, configurable', () => {
    expect(loadConfig({}).automations).toMatchObject({ sendsPerHour: 200, sendsPerRecipientPerHour: 1 });
    expect(
      loadConfig({ AUTOMATION_SENDS_PER_HOUR: '50', AUTOMATION_SENDS_PER_RECIPIENT_PER_HOUR: '3' }).automations,
    ).toMatchObject({ sendsPerHour: 50, sendsPerRecipientPerHour: 3 });
    expect(() => loadConfig({ AUTOMATION_SENDS_PER_HOUR: '0' })).toThrow(/AUTOMATION_SENDS_PER_HOUR/);
  });

  it('refuses bad values, naming every problem', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        BUSINESS_TIMEZONE: 'Mars/Olympus',
        CORS_ORIGINS: 'ftp://files.example.com',
        ADMIN_PASSWORD: 'short',
        SESSION_SECRET: 'tiny',
        KEEP_ALIVE_TIMEOUT_SECONDS: '0',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS/);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/BUSINESS_TIMEZONE: must be an IANA time zone/);
    expect(attempt).toThrow(/CORS_ORIGINS: "ftp:\/\/files.example.com" is not an http\(s\) origin/);
    expect(attempt).toThrow(/ADMIN_PASSWORD: must be at least 12 characters/);
    expect(attempt).toThrow(/SESSION_SECRET: each secret must be at least 32 characters/);
  });

  it('needs ADMIN_EMAIL with ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a-long-enough-password' })).toThrow(/ADMIN_EMAIL: is required/);
  });

  it('refuses an ADMIN_PASSWORD with edge spaces (sign-in trims, so it could never be used)', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a-long-enough-password ' })).toThrow(
      /ADMIN_PASSWORD: cannot start or end with a space/,
    );
  });
});

describe('configWarnings', () => {
  it('has nothing to say about the defaults or a TLS-terminating proxy setup', () => {
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(
      configWarnings(
        loadConfig({ COOKIE_SECURE: 'true', TRUST_PROXY: '1', PUBLIC_ORIGIN: 'https://shine.example.com' }),
      ),
    ).toEqual([]);
  });

  it('warns when COOKIE_SECURE=true cannot work: no TRUST_PROXY, or an http:// PUBLIC_ORIGIN', () => {
    const noProxy = configWarnings(loadConfig({ COOKIE_SECURE: 'true' }));
    expect(noProxy).toHaveLength(1);
    expect(noProxy[0]).toMatch(/COOKIE_SECURE=true without TRUST_PROXY/);
    const httpOrigin = configWarnings(
      loadConfig({ COOKIE_SECURE: 'true', TRUST_PROXY: 'true', PUBLIC_ORIGIN: 'http://shine.example.com' }),
    );
    expect(httpOrigin).toHaveLength(1);
    expect(httpOrigin[0]).toMatch(/http:\/\/ PUBLIC_ORIGIN \(http:\/\/shine\.example\.com\)/);
  });

  it('warns at start when NODE_ENV=production has no PUBLIC_ORIGIN (links name localhost, the origin check trusts Host)', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-session-secret-of-at-least-32-characters!' };
    const warnings = configWarnings(loadConfig(production));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^NODE_ENV=production without PUBLIC_ORIGIN: .*own address \(localhost\).*Host header.*Set PUBLIC_ORIGIN/,
    );
    expect(configWarnings(loadConfig({ ...production, PUBLIC_ORIGIN: 'https://shine.example.com' }))).toEqual([]);
  });
});

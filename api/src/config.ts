// The environment, parsed and validated once. The only module that reads process.env: everything
// else receives a Config. Every variable is documented in the repository's .env.example.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hasNoEdgeSpace } from '@shine/shared/auth';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { MIN_PASSWORD_LENGTH } from '@shine/shared/constants';
import { z } from 'zod';

/** The repository root (api/src/config.ts → ../..), for defaults that live beside the code. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .optional()
      .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value))),
  );

const positiveInt = (fallback: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().positive().default(fallback));

const originList = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const item of (value ?? '').split(',')) {
        const text = item.trim();
        if (!text) continue;
        const origin = toOrigin(text);
        if (!origin) {
          ctx.addIssue({ code: 'custom', message: `"${text}" is not an http(s) origin` });
          continue;
        }
        origins.push(origin);
      }
      return origins;
    }),
);

/** `https://example.com/` → `https://example.com`; undefined for anything that is not http(s). */
function toOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Express's `trust proxy`: false, true, a hop count, or a list of addresses/subnets. */
const trustProxy = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value): boolean | number | string => {
      if (value === undefined || value === 'false' || value === '0') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value;
    }),
);

const timeZone = z.preprocess(
  blankToUndefined,
  z
    .string()
    .default('America/Chicago')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Chicago'),
);

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'test', 'production']).default('development')),
    PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
    HOST: optionalText,
    LOG_LEVEL: z.preprocess(
      blankToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    DATABASE_URL: optionalText,
    DATABASE_POOL_MAX: positiveInt(10),
    DATA_DIR: optionalText,
    SESSION_SECRET: optionalText.refine(
      (value) => value === undefined || value.split(',').every((secret) => secret.trim().length >= 32),
      'each secret must be at least 32 characters',
    ),
    SESSION_IDLE_MINUTES: positiveInt(8 * 60),
    SESSION_ABSOLUTE_HOURS: positiveInt(7 * 24),
    COOKIE_SECURE: booleanFlag(false),
    TRUST_PROXY: trustProxy,
    PUBLIC_ORIGIN: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          if (value === undefined) return undefined;
          const origin = toOrigin(value);
          if (!origin) ctx.addIssue({ code: 'custom', message: 'must be an http(s) origin' });
          return origin;
        }),
    ),
    CORS_ORIGINS: originList,
    ALLOWED_HOSTS: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value) =>
          (value ?? '')
            .split(',')
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
    REQUEST_TIMEOUT_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(300).default(30)),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(3600).default(5)),
    BUSINESS_TIMEZONE: timeZone,
    RATE_LIMIT_LEADS_PER_MINUTE: positiveInt(10),
    HELD_RETENTION_DAYS: positiveInt(30),
    RATE_LIMIT_LOGIN_PER_15_MINUTES: positiveInt(10),
    RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: positiveInt(30),
    CUSTOMER_BOOKING_CHANGES_PER_HOUR: positiveInt(5),
    CUSTOMER_BOOKING_CHANGES_PER_DAY: positiveInt(10),
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: z.preprocess(
      blankToUndefined,
      z
        .string()
        .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(256)
        // Sign-in trims the password typed (docs/requirements.md#validation): one with edge spaces could never be used.
        .refine(hasNoEdgeSpace, 'cannot start or end with a space')
        .optional(),
    ),
    SITE_DIST_DIR: optionalText,
    CRM_DIST_DIR: optionalText,
    AUTOMATIONS_ENABLED: booleanFlag(true),
    AUTOMATIONS_SCHEMA: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[a-z_][a-z0-9_]{0,50}$/, 'must be a lower-case SQL identifier')
        .default('pgboss'),
    ),
    AUTOMATION_POLL_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().min(0.5).max(60).default(2)),
    AUTOMATION_MONITOR_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(600).default(15)),
    CUSTOMER_CHANGE_EMAIL_QUIET_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce.number().min(0).max(3600).default(120),
    ),
    AUTOMATION_RETRY_LIMIT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(20).default(3)),
    AUTOMATION_RETRY_DELAY_SECONDS: positiveInt(30),
    AUTOMATION_SENDS_PER_HOUR: positiveInt(200),
    AUTOMATION_SENDS_PER_RECIPIENT_PER_HOUR: positiveInt(1),
    SMTP_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\/./, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: optionalText,
    SMS_API_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .default('https://api.twilio.com')
        .refine((value) => toOrigin(value) !== undefined, 'must be an http(s) URL'),
    ),
    SMS_ACCOUNT_SID: optionalText,
    SMS_AUTH_TOKEN: optionalText,
    SMS_FROM: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_API_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .default('https://api.stripe.com')
        .refine((value) => toOrigin(value) !== undefined, 'must be an http(s) URL'),
    ),
    VOICE_FORWARD_TO: optionalText,
    REPLY_MAILBOX: z.preprocess(blankToUndefined, z.email('must be an e-mail address').optional()),
    IMAP_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(
          /^imaps?:\/\/[^@/]+@[^/]+/,
          'must be imap:// or imaps:// with user and password, e.g. imaps://user:pass@host',
        )
        .optional(),
    ),
    IMAP_PROCESSED_FOLDER: z.preprocess(blankToUndefined, z.string().trim().min(1).default('Processed')),
    IMAP_UNMATCHED_FOLDER: z.preprocess(blankToUndefined, z.string().trim().min(1).default('Unmatched')),
    IMAP_POLL_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(5).max(3600).default(60)),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required when ADMIN_PASSWORD is set' });
    }
  });

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** PostgreSQL connection string; undefined means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** PGlite's directory, or `memory://` for a throw-away in-memory database. */
  dataDir: string;
  /** Secrets signing the session cookie, newest first; empty means "generated and kept in the database". */
  sessionSecrets: string[];
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  cookieSecure: boolean;
  trustProxy: boolean | number | string;
  publicOrigin: string | undefined;
  corsOrigins: string[];
  /**
   * Host names this server answers for (PUBLIC_ORIGIN's, then ALLOWED_HOSTS); empty: any (development).
   * Other hosts get 421, so a forged Host never passes for one of ours.
   */
  allowedHosts: string[];
  /** A request's headers and body must arrive within this time; a stalled upload is cut (408). */
  requestTimeoutMs: number;
  /**
   * An idle kept-alive connection is closed after this time (announced as `Keep-Alive: timeout=`). A
   * proxy in front must give up its idle connections to us sooner, or it may send a request on one as
   * we close it.
   */
  keepAliveTimeoutMs: number;
  businessTimeZone: string;
  /** The company's own phone a call to the company number rings when nobody on the team can take it. */
  voiceForwardTo: string | undefined;
  rateLimitLeadsPerMinute: number;
  /** Held submissions older than this many days are purged (released ones live on as lead requests). */
  heldRetentionDays: number;
  rateLimitLoginPer15Minutes: number;
  /** Requests per client address per minute to the customers' quote links (/q/{token}, /api/quotes/{token}/…). */
  rateLimitQuoteLinksPerMinute: number;
  /** Changes a customer makes to a booking by its link (book, move, cancel): per hour, per day. */
  customerBookingChanges: { perHour: number; perDay: number };
  /** The card processor's webhook signing secret (whsec_…); unset: its webhook answers 404. */
  stripeWebhookSecret: string | undefined;
  /** The card processor's API: its secret key turns card payments on; the URL may name the local stand-in. */
  stripe: { secretKey: string; apiUrl: string } | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  siteDistDir: string;
  crmDistDir: string;
  automations: AutomationsConfig;
  mailbox: MailboxConfig;
}

/** The company mailbox customers reply to, and its reading over IMAP (api/README.md, "Replies by e-mail"). */
export interface MailboxConfig {
  /**
   * REPLY_MAILBOX: e-mails to leads answer to `local+{token}@domain` of it (plus addressing), which
   * names the lead; undefined: no Reply-To, replies are matched by In-Reply-To and sender only.
   */
  replyAddress: string | undefined;
  /** IMAP_URL; undefined: the mailbox is not read. */
  imap: { host: string; port: number; secure: boolean; user: string; password: string } | undefined;
  /** Imported messages are moved here (created when missing), read. */
  processedFolder: string;
  /** Messages that name no lead are moved here, unread, for staff to read in the mailbox. */
  unmatchedFolder: string;
  /** A poll this often besides IDLE's news (or instead of it where the server has no IDLE). */
  pollSeconds: number;
}

function imapOf(url: string | undefined): MailboxConfig['imap'] {
  if (!url) return undefined;
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

/** The automation engine and its delivery transports (api/README.md, "Automations"). */
export interface AutomationsConfig {
  /** false: rules are stored but never run (no queue is started). */
  enabled: boolean;
  /** PostgreSQL schema of the job queue (pg-boss's tables). */
  queueSchema: string;
  pollSeconds: number;
  /**
   * How often the queue looks for jobs whose process died (their heartbeat stopped) and hands them
   * to another process: a job lost with a killed process is retried within heartbeat + this.
   */
  monitorSeconds: number;
  /** Retries of a failed delivery before it shows as failed; the delay doubles each time. */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * The send budget (docs/security.md, review finding 12): automated messages handed to a transport
   * in any 60 minutes, in all and per recipient (address or phone). Messages over it are held in
   * the outbox, sent later.
   */
  sendsPerHour: number;
  sendsPerRecipientPerHour: number;
  /**
   * A customer's own changes to their booking are e-mailed once they have been quiet this long: a
   * burst of changes is one e-mail saying where things ended (the reactions' fold, docs/decisions.md).
   */
  customerChangeQuietSeconds: number;
  /** undefined: no e-mail transport, messages stay in the outbox as not sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** undefined: no SMS transport (all of account, token and sender are needed). */
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  /** Verifies inbound texts (POST /api/webhooks/sms); undefined: the webhook refuses every call. */
  smsWebhookToken: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function resolveDir(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  if (value.startsWith('memory://')) return value;
  return path.resolve(value);
}

/**
 * Adds the variables of `.env` in the working directory, then in the repository root, to process.env.
 * Variables already set in the environment win (Node's loadEnvFile does not overwrite them).
 */
export function loadEnvFiles(): void {
  for (const file of new Set([path.resolve('.env'), path.join(REPO_ROOT, '.env')])) {
    if (existsSync(file)) process.loadEnvFile(file);
  }
}

/**
 * Settings that parse but cannot work together, for the log at start (server.ts warns with each).
 * COOKIE_SECURE=true makes the session cookie Secure, which is only set over HTTPS; this server speaks
 * plain HTTP, so it sees HTTPS only through a proxy it trusts (X-Forwarded-Proto with TRUST_PROXY).
 */
export function configWarnings(
  config: Pick<Config, 'cookieSecure' | 'trustProxy' | 'publicOrigin' | 'isProduction'>,
): string[] {
  const warnings: string[] = [];
  // Not refused: one-off production runs (benchmarks, a first look on a private network) need none.
  if (config.isProduction && !config.publicOrigin) {
    warnings.push(
      "NODE_ENV=production without PUBLIC_ORIGIN: the links in e-mails (quotes, set-up links, unsubscribe) point to this server's own address (localhost), which people elsewhere cannot open; other host names are not refused, and the origin check of staff writes trusts the Host header. Set PUBLIC_ORIGIN to the address people use (e.g. PUBLIC_ORIGIN=https://shine.example.com).",
    );
  }
  if (config.cookieSecure && config.trustProxy === false) {
    warnings.push(
      'COOKIE_SECURE=true without TRUST_PROXY: this server speaks plain HTTP and trusts no proxy to say the request came over HTTPS, so every sign-in will be refused. Set TRUST_PROXY for the HTTPS proxy in front of it (e.g. TRUST_PROXY=1).',
    );
  }
  if (config.cookieSecure && config.publicOrigin?.startsWith('http:')) {
    warnings.push(
      `COOKIE_SECURE=true with an http:// PUBLIC_ORIGIN (${config.publicOrigin}): browsers do not keep Secure cookies over plain HTTP, so nobody can sign in there. Use the https:// address, or COOKIE_SECURE=false.`,
    );
  }
  return warnings;
}

/** What the command-line tools of src/cli read besides the server's configuration. */
export interface CliEnv {
  /** Where the command was typed: pnpm runs root scripts from the repository root, and sets INIT_CWD. */
  invokedFrom: string;
  /** The database of the benchmarks (pnpm bench), which explain-reads measures too. */
  benchDatabaseUrl: string | undefined;
}

export function loadCliEnv(env: Record<string, string | undefined> = process.env): CliEnv {
  return { invokedFrom: env.INIT_CWD ?? process.cwd(), benchDatabaseUrl: env.BENCH_DATABASE_URL || undefined };
}

/** Parses an environment (process.env by default); throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: resolveDir(e.DATA_DIR, path.join(REPO_ROOT, '.data')),
    sessionSecrets: (e.SESSION_SECRET ?? '')
      .split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN,
    corsOrigins: e.CORS_ORIGINS,
    allowedHosts: e.PUBLIC_ORIGIN ? [...new Set([new URL(e.PUBLIC_ORIGIN).hostname, ...e.ALLOWED_HOSTS])] : [],
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    businessTimeZone: e.BUSINESS_TIMEZONE,
    voiceForwardTo: e.VOICE_FORWARD_TO,
    rateLimitLeadsPerMinute: e.RATE_LIMIT_LEADS_PER_MINUTE,
    heldRetentionDays: e.HELD_RETENTION_DAYS,
    rateLimitLoginPer15Minutes: e.RATE_LIMIT_LOGIN_PER_15_MINUTES,
    rateLimitQuoteLinksPerMinute: e.RATE_LIMIT_QUOTE_LINKS_PER_MINUTE,
    customerBookingChanges: {
      perHour: e.CUSTOMER_BOOKING_CHANGES_PER_HOUR,
      perDay: e.CUSTOMER_BOOKING_CHANGES_PER_DAY,
    },
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL } : undefined,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    siteDistDir: resolveDir(e.SITE_DIST_DIR, path.join(REPO_ROOT, 'site/dist')),
    crmDistDir: resolveDir(e.CRM_DIST_DIR, path.join(REPO_ROOT, 'packages/crm/dist')),
    automations: {
      enabled: e.AUTOMATIONS_ENABLED,
      queueSchema: e.AUTOMATIONS_SCHEMA,
      pollSeconds: e.AUTOMATION_POLL_SECONDS,
      monitorSeconds: e.AUTOMATION_MONITOR_SECONDS,
      retryLimit: e.AUTOMATION_RETRY_LIMIT,
      retryDelaySeconds: e.AUTOMATION_RETRY_DELAY_SECONDS,
      sendsPerHour: e.AUTOMATION_SENDS_PER_HOUR,
      sendsPerRecipientPerHour: e.AUTOMATION_SENDS_PER_RECIPIENT_PER_HOUR,
      customerChangeQuietSeconds: e.CUSTOMER_CHANGE_EMAIL_QUIET_SECONDS,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `"${DEFAULT_COMPANY.name}" <${DEFAULT_COMPANY.email}>`,
      sms:
        e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
          ? { apiUrl: e.SMS_API_URL, accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM }
          : undefined,
      smsWebhookToken: e.SMS_AUTH_TOKEN,
    },
    mailbox: {
      replyAddress: e.REPLY_MAILBOX,
      imap: imapOf(e.IMAP_URL),
      processedFolder: e.IMAP_PROCESSED_FOLDER,
      unmatchedFolder: e.IMAP_UNMATCHED_FOLDER,
      pollSeconds: e.IMAP_POLL_SECONDS,
    },
  };
}

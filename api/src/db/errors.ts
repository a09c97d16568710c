// Telling "the database is unreachable" (answered 503) apart from every other failure (500).
/** Node socket errors and PostgreSQL SQLSTATEs that mean the server is gone, starting or full. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
];

export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { name, code, message, cause, errors } = error as Record<string, unknown>;
  // knex's KnexTimeoutError: no connection could be acquired in time.
  if (name === 'KnexTimeoutError') return true;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node reports a failed connection to several addresses (IPv4 and IPv6) as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1))) return true;
  return isDatabaseUnavailableError(cause, depth + 1);
}

/**
 * SQLSTATE class 22, "data exception": a value the column or the cast cannot hold — a date outside
 * PostgreSQL's range (22008), a time-zone offset it refuses (22009), a number out of range (22003),
 * text it cannot store (22021)... Request schemas refuse what they can foresee (docs/security.md,
 * review finding 5); any such value that still reaches the database is the client's input, not our
 * failure (400, not 500). PGlite raises the same codes. Class 22 only: integrity (23), transaction
 * (40) and the rest keep their own mapping.
 */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-correct-horse-battery' } as const;

/**
 * The quote e-mail spec's own API server (crm/quotes.spec.ts): its SMTP_URL points at the SMTP server
 * that spec starts, which the shared server must not have (other specs expect "no transport configured").
 */
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? E2E_PORT + 1000);
export const E2E_MAIL_BASE_URL = `http://127.0.0.1:${E2E_MAIL_PORT}`;
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 2000);

/**
 * crm/conversations.spec.ts: the stand-in for the Twilio-compatible SMS API that the quote-mail server
 * texts through, and the token both sign the inbound webhook with (that server's PUBLIC_ORIGIN is
 * E2E_MAIL_BASE_URL, the URL the signature covers).
 */
export const E2E_SMS_PORT = Number(process.env.E2E_SMS_PORT ?? E2E_PORT + 3000);
export const E2E_SMS_AUTH_TOKEN = 'e2e-sms-auth-token';

// The calls anyone may make (health, the quote form, this reference) and the sign-in calls.
import { loginSchema, passwordChangeSchema } from '../auth.ts';
import { quoteRequestIntakeSchema } from '../quote-request.ts';
import { sessionInfoSchema } from '../responses/auth.ts';
import { healthDownSchema, healthUpSchema } from '../responses/health.ts';
import { leadSchema } from '../responses/leads.ts';
import { z } from 'zod';
import { empty, error, json, operation, type Operation, text } from './operation.ts';

/** The OpenAPI document itself, described loosely: its own standard defines it. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}) });

const LOGIN_LIMIT = 'failed sign-ins per client address and per username (15-minute window).';

export const publicOperations = {
  getHealth: operation({
    method: 'get',
    path: '/api/health',
    tag: 'Health',
    summary: 'Whether the API and its database are up',
    access: 'public',
    anyHost: true,
    answers: {
      200: json(healthUpSchema, 'The API and its database are up.'),
      503: json(healthDownSchema, 'The database is unreachable.'),
    },
  }),
  receiveQuoteRequest: operation({
    method: 'post',
    path: '/api/leads',
    tag: 'Quote',
    summary: 'Send a quote request (the site’s quote form)',
    description:
      'Every accepted body answers 201 with a lead-shaped body, whether it made a new lead, was kept as a repeat request of an open one, or was held for review by a spam rule; the answer never shows another request’s data.',
    access: 'public',
    body: quoteRequestIntakeSchema,
    rateLimit: 'quote requests per client address per minute.',
    answers: { 201: json(leadSchema, 'Received.') },
  }),
  receiveSms: operation({
    method: 'post',
    path: '/api/webhooks/sms',
    tag: 'Webhooks',
    summary: 'An inbound text from the SMS provider (Twilio-compatible form post)',
    description:
      'A form post (From, Body, MessageSid, …) signed in `X-Twilio-Signature`: HMAC-SHA1 with SMS_AUTH_TOKEN over ' +
      'PUBLIC_ORIGIN + the path and the form parameters sorted by name (Twilio’s algorithm), base64. STOP, STOPALL, ' +
      'UNSUBSCRIBE, CANCEL, END and QUIT (whole message, any case) opt the number out of every text, START and UNSTOP ' +
      'back in, HELP is answered with the company’s contact line; any other text is filed on the most recent open ' +
      'lead of the number (a new lead with source "SMS" when the number is unknown), once per MessageSid.',
    access: 'public',
    rateLimit: 'calls per client address per minute.',
    answers: {
      200: text('text/xml', 'TwiML: an empty <Response>, or a <Message> answering HELP.'),
      403: error('Unsigned, or the signature does not match (or SMS_AUTH_TOKEN / PUBLIC_ORIGIN is not set).'),
    },
  }),
  receiveVoiceCall: operation({
    method: 'post',
    path: '/api/webhooks/voice',
    tag: 'Webhooks',
    summary: 'An incoming call to the company number, from the voice provider (Twilio-compatible form post)',
    description:
      'A form post (CallSid, From, To, …) signed as `POST /api/webhooks/sms` is. Answers TwiML: in business hours a ' +
      '<Dial> (timeout: the call settings’ `ringSeconds`, action: PUBLIC_ORIGIN + `/api/webhooks/voice/status`) ' +
      'that rings the alert phone of the person on duty and of the escalation contact (the speed-to-lead ' +
      'roster), or VOICE_FORWARD_TO when neither can take it; outside business hours, or with nobody to ring, a ' +
      'voicemail prompt (<Say>, <Record>), the call counted as missed and texted back at once. One call per CallSid.',
    access: 'public',
    rateLimit: 'calls per client address per minute (shared with the SMS webhook).',
    answers: {
      200: text('text/xml', 'TwiML: a <Dial>, or a voicemail prompt.'),
      400: error('No CallSid or From.'),
      403: error('Unsigned, or the signature does not match (or SMS_AUTH_TOKEN / PUBLIC_ORIGIN is not set).'),
    },
  }),
  receiveVoiceStatus: operation({
    method: 'post',
    path: '/api/webhooks/voice/status',
    tag: 'Webhooks',
    summary: 'How the <Dial> ended, or the voicemail left (the provider’s action callback)',
    description:
      'A signed form post (CallSid, From, DialCallStatus, DialCallDuration; or RecordingUrl after a voicemail). ' +
      'no-answer, busy, failed and canceled make the call missed: the caller is texted back once (the call ' +
      'settings’ `textTemplate`; at most once per number in 12 hours, never after STOP), the person on duty (or ' +
      'the lead’s assignee) is notified and My Day lists the call back. completed makes it answered: a known ' +
      'lead’s timeline gets the call, nothing is sent. Acted on by CallSid, whether or not the ring was seen, ' +
      'and once: a repeated callback changes nothing.',
    access: 'public',
    rateLimit: 'calls per client address per minute (shared with the SMS webhook).',
    answers: {
      200: text('text/xml', 'TwiML: a voicemail prompt for a missed call, an empty <Response> otherwise.'),
      400: error('No CallSid.'),
      403: error('Unsigned, or the signature does not match (or SMS_AUTH_TOKEN / PUBLIC_ORIGIN is not set).'),
    },
  }),
  getOpenApiDocument: operation({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This document',
    access: 'public',
    conditional: true,
    answers: { 200: json(openApiDocumentSchema, 'The OpenAPI 3.1 document of this API.') },
  }),
  getApiReference: operation({
    method: 'get',
    path: '/api/docs',
    tag: 'Reference',
    summary: 'A readable reference of this document',
    access: 'public',
    answers: { 200: text('text/html', 'The reference page (its script and styles are served beside it).') },
  }),
  signIn: operation({
    method: 'post',
    path: '/api/admin/login',
    tag: 'Session',
    summary: 'Sign in',
    description:
      'Starts a new session (a new id: one planted before is worth nothing) and sets the session cookie. With COOKIE_SECURE, a sign-in over plain HTTP is refused with 403.',
    access: 'open',
    body: loginSchema,
    rateLimit: LOGIN_LIMIT,
    answers: {
      200: json(sessionInfoSchema, 'Signed in.'),
      401: error('Wrong username or password.'),
    },
  }),
  getSession: operation({
    method: 'get',
    path: '/api/admin/me',
    tag: 'Session',
    summary: 'Whether this session is signed in, and as whom',
    access: 'open',
    answers: { 200: json(sessionInfoSchema, 'The session’s state.') },
  }),
  signOut: operation({
    method: 'post',
    path: '/api/admin/logout',
    tag: 'Session',
    summary: 'Sign out',
    access: 'session',
    answers: { 204: empty('Signed out; the session cookie is cleared.') },
  }),
  changePassword: operation({
    method: 'post',
    path: '/api/admin/me/password',
    tag: 'Session',
    summary: 'Change the signed-in user’s password',
    description: 'Other sessions of the user are signed out.',
    access: 'session',
    body: passwordChangeSchema,
    rateLimit: 'wrong current passwords per user and per client address (15-minute window).',
    answers: { 204: empty('Changed.') },
  }),
} satisfies Record<string, Operation>;

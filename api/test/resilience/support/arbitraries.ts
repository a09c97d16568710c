// fast-check generators for hostile input: the shapes of the shared schemas, filled with wrong types,
// missing and extra fields, huge and empty strings, Unicode edge cases, markup and SQL-looking text.
import { DEFAULT_LOST_REASONS, OTHER_LOST_REASON } from '@shine/shared/lost-reasons';
import { encodeLeadCursor } from '../../../src/leads/lead-cursor.ts';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  CALL_OUTCOMES,
  AUTOMATION_TRIGGERS,
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  CLEANING_TYPES,
  EXPORT_FORMATS,
  FREQUENCIES,
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  TEMPLATE_TYPES,
  USER_ROLES,
} from '@shine/shared/enums';
import { EXPORT_FIELD_GROUP_NAMES } from '@shine/shared/export';
import { LEAD_SORT_FIELDS } from '@shine/shared/leads';
import fc from 'fast-check';

export const XSS_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '${alert(1)}',
] as const;

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE leads; --",
  '1; SELECT pg_sleep(10)',
  "Robert'); DELETE FROM users;--",
  '%_\\',
  "' UNION SELECT password_hash FROM users --",
] as const;

export const UNICODE_PAYLOADS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  'e\u0301\u0301\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '👩‍👩‍👧‍👦🧹✨',
  '\uFEFF',
  '\uD800',
  '\t\r\n',
  '=HYPERLINK("http://evil.example","x")',
  '+1-555-0100',
  '@SUM(1+1)',
] as const;

/** Any text an attacker or a broken client could send. */
export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...XSS_PAYLOADS, ...SQL_PAYLOADS, ...UNICODE_PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 12_000 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(100_000), '😀'.repeat(30_000)) },
);

/** A value of the wrong type for a text field (or the right type with hostile content). */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, 0.1, Number.MAX_SAFE_INTEGER + 2, [], {}, ['a']),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A valid-looking value most of the time, anything else otherwise. */
function field<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: anyValue });
}

const plainText = (max: number) =>
  fc.oneof(
    fc.constantFrom('Ana', 'José', 'Nguyễn', '李', "O'Brien", 'Smith-Jones'),
    fc.string({ minLength: 1, maxLength: max }),
  );
const textOrPayload = (max: number) => fc.oneof(plainText(max), nastyString);

/**
 * An object shaped like `fields` whose values are usually valid: some keys dropped, some values
 * replaced by anything, and sometimes extra keys (prototype-pollution names included).
 */
export function shapedBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const record = fc.record(
    Object.fromEntries(Object.entries(fields).map(([key, arbitrary]) => [key, field(arbitrary)])),
    { requiredKeys: [] },
  );
  const extras = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'createdAt', 'isAdmin'), fc.string()),
      anyValue,
    ),
    { maxLength: 3 },
  );
  return fc.oneof(
    { weight: 6, arbitrary: record },
    {
      weight: 2,
      arbitrary: fc.tuple(record, extras).map(([body, extra]) => withExtraKeys(body as object, extra)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** Parsed from text so that keys like __proto__ are own properties that survive JSON.stringify. */
function withExtraKeys(body: object, extra: Array<[string, unknown]>): unknown {
  const entries = [...extra, ...Object.entries(body)];
  const text = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`).join(',');
  return JSON.parse(`{${text}}`);
}

const isoDate = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());
const uuid = fc.uuid();

export const quoteBody = shapedBody({
  firstName: textOrPayload(100),
  lastName: textOrPayload(100),
  email: fc.oneof(fc.constantFrom('ana@example.com', 'o.brien+quote@example.co.uk'), fc.emailAddress()),
  phone: fc.oneof(fc.constantFrom('214-555-0100', '(817) 555 0199'), fc.string({ minLength: 5, maxLength: 40 })),
  zipcode: fc.oneof(fc.constantFrom('75201', '76102-1234'), fc.string({ minLength: 5, maxLength: 10 })),
  bedrooms: fc.constantFrom(...BEDROOM_CHOICES),
  bathrooms: fc.constantFrom(...BATHROOM_CHOICES),
  cleaningType: fc.constantFrom(...CLEANING_TYPES),
  frequency: fc.constantFrom(...FREQUENCIES),
  notes: textOrPayload(2000),
  website: fc.constantFrom('', 'http://spam.example'),
  elapsedMs: fc.oneof(fc.nat({ max: 600_000 }), fc.constantFrom(-1, 0.5, 1e308)),
  attribution: fc.record(
    { utmSource: textOrPayload(300), utmCampaign: textOrPayload(300), landingPage: textOrPayload(600) },
    { requiredKeys: [] },
  ),
});

export const loginBody = shapedBody({
  username: fc.oneof(fc.emailAddress(), textOrPayload(254)),
  password: textOrPayload(256),
});

export const passwordChangeBody = shapedBody({
  currentPassword: textOrPayload(256),
  newPassword: fc.oneof(fc.string({ minLength: 0, maxLength: 20 }), textOrPayload(300)),
});

export const leadUpdateBody = shapedBody({
  priority: fc.constantFrom(...LEAD_PRIORITIES),
  nextFollowUpAt: fc.oneof(isoDate, fc.constant(null)),
  estimatedValue: fc.oneof(fc.integer({ min: 0, max: 99_999_999 }), fc.double(), fc.constant(null)),
  tags: fc.array(textOrPayload(40), { maxLength: 25 }),
  notes: fc.oneof(textOrPayload(5000), fc.constant(null)),
  assignedTo: fc.oneof(fc.constant(null), uuid, nastyString),
});

export const statusBody = shapedBody({
  status: fc.constantFrom(...LEAD_STATUSES),
  lostReason: fc.oneof(fc.constantFrom(...DEFAULT_LOST_REASONS, OTHER_LOST_REASON), textOrPayload(70)),
  lostNote: textOrPayload(520),
});

/** POST /api/admin/leads/assign: existing, unknown and malformed ids; nobody, an unknown person, or junk. */
export function bulkAssignBody(leadIds: () => string[]): fc.Arbitrary<unknown> {
  return shapedBody({
    ids: fc.oneof(
      fc.constant(null).map(() => leadIds().slice(0, 3)),
      fc.array(uuid, { maxLength: 5 }),
      fc.array(nastyString, { maxLength: 3 }),
    ),
    assignedTo: fc.oneof(fc.constant(null), uuid, nastyString),
  });
}

export const recipeBody = shapedBody({ restoreTemplate: fc.boolean() });

export function activityBody(leadIds: () => string[]): fc.Arbitrary<unknown> {
  return shapedBody({
    leadId: fc.oneof(
      fc.constant(null).map(() => leadIds()[0] ?? ''),
      uuid,
    ),
    type: fc.constantFrom(...ACTIVITY_TYPES),
    title: textOrPayload(200),
    description: textOrPayload(5000),
    status: fc.constantFrom(...ACTIVITY_STATUSES),
    scheduledAt: fc.oneof(isoDate, fc.constant('')),
    outcome: fc.constantFrom(...CALL_OUTCOMES),
  });
}

/** POST /api/admin/leads/{id}/calls: an outcome, a note, the follow-up (or null) and a status with its reason. */
export const callLogBody = shapedBody({
  outcome: fc.constantFrom(...CALL_OUTCOMES),
  title: textOrPayload(200),
  note: textOrPayload(5000),
  nextFollowUpAt: fc.oneof(isoDate, fc.constant(null)),
  status: fc.constantFrom(...LEAD_STATUSES),
  lostReason: fc.oneof(fc.constantFrom(...DEFAULT_LOST_REASONS, OTHER_LOST_REASON), textOrPayload(70)),
  lostNote: textOrPayload(520),
});

const conditionsText = fc.oneof(
  fc.constantFrom('{}', '{"status":"New"}', '{"days":3}', '{"fromStatus":"New","toStatus":"Won"}', '{bad json', '[]'),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
);
function actionsText(templateIds: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '{"type":"create_task","title":"Call back","dueInHours":24}',
      '{"type":"update_status","status":"Contacted"}',
      '{"type":"send_email"}',
      '{"type":"rm -rf"}',
      'null',
    ),
    fc.constant(null).map(() => JSON.stringify({ type: 'send_email', templateId: templateIds()[0] ?? '' })),
    uuid.map((id) => JSON.stringify({ type: 'send_sms', templateId: id })),
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  );
}

export function automationBody(templateIds: () => string[]): fc.Arbitrary<unknown> {
  return shapedBody({
    name: textOrPayload(200),
    description: fc.oneof(textOrPayload(2000), fc.constant(null)),
    trigger: fc.constantFrom(...AUTOMATION_TRIGGERS),
    conditions: conditionsText,
    actions: actionsText(templateIds),
    isActive: fc.boolean(),
  });
}

export const templateBody = shapedBody({
  name: textOrPayload(200),
  type: fc.constantFrom(...TEMPLATE_TYPES),
  subject: fc.oneof(textOrPayload(300), fc.constant(null)),
  content: fc.oneof(
    textOrPayload(10_000),
    fc.constantFrom('Hi {{firstName}}, thanks!', 'Hello {{unknownThing}}', '{{constructor}}', '{{'),
  ),
  variables: fc.oneof(fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), fc.constant('["firstName"]')),
  isActive: fc.boolean(),
});

export function exportBody(leadIds: () => string[]): fc.Arbitrary<unknown> {
  return shapedBody({
    leadIds: fc.oneof(
      fc.array(uuid, { maxLength: 5 }),
      fc.constant(null).map(() => leadIds().slice(0, 3)),
      fc.array(nastyString, { maxLength: 3 }),
    ),
    filter: shapedBody({
      search: textOrPayload(100),
      status: fc.constantFrom(...LEAD_STATUSES, '', 'all'),
      priority: fc.constantFrom(...LEAD_PRIORITIES, '', 'all'),
      assignedTo: fc.oneof(fc.constantFrom('me', 'none', ''), uuid, nastyString),
    }),
    format: fc.constantFrom(...EXPORT_FORMATS),
    fields: fc.array(fc.constantFrom(...EXPORT_FIELD_GROUP_NAMES), { maxLength: 5 }),
  });
}

/**
 * The list's `cursor`: ones the API could have handed out (any sort, order, direction and page, keys of
 * every kind, including hostile text as a name key), tampered JSON, and text that is no cursor at all.
 */
const leadCursor: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      sort: fc.constantFrom(...LEAD_SORT_FIELDS),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      direction: fc.constantFrom('after' as const, 'before' as const),
      key: fc.oneof(fc.constantFrom('2025-01-01 12:00:00.123456+00', 'infinity', '3', '250.00'), nastyString),
      id: uuid,
      page: fc.integer({ min: 1, max: 3000 }),
    })
    .map(encodeLeadCursor),
  fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
  nastyString,
);

/** Query strings for the leads list: valid, hostile, repeated keys (arrays) and unknown keys. */
export const leadListQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.record(
      {
        search: textOrPayload(100),
        status: fc.constantFrom(...LEAD_STATUSES, '', 'all', 'new'),
        priority: fc.constantFrom(...LEAD_PRIORITIES, '', 'all'),
        assignedTo: fc.oneof(fc.constantFrom('me', 'none', '', 'all', 'ME'), uuid, nastyString),
        page: fc.oneof(fc.integer({ min: -5, max: 5 }).map(String), nastyString),
        pageSize: fc.oneof(fc.integer({ min: -1, max: 500 }).map(String), fc.constantFrom('1e3', '50.5', 'NaN')),
        sort: fc.oneof(fc.constantFrom(...LEAD_SORT_FIELDS), fc.constantFrom('id; drop table leads', 'password_hash')),
        order: fc.constantFrom('asc', 'desc', 'ASC', 'sideways'),
        cursor: leadCursor,
      },
      { requiredKeys: [] },
    ),
    fc.array(fc.tuple(fc.constantFrom('status', 'page', 'sort', 'search[$ne]', '__proto__', 'x'), nastyString), {
      maxLength: 3,
    }),
  )
  .map(([known, extra]) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(known)) params.append(key, String(value));
    for (const [key, value] of extra) params.append(key, value);
    return safeQueryString(params);
  });

/** URLSearchParams.toString() throws on lone surrogates; send their raw bytes instead. */
function safeQueryString(params: URLSearchParams): string {
  try {
    return params.toString();
  } catch {
    return 'search=%ED%A0%80';
  }
}

/** Path segments for `:id`: existing ids, unknown UUIDs, malformed ids and broken percent-encoding. */
export function idSegment(existing: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null).map(() => existing()[0] ?? '00000000-0000-4000-8000-000000000000') },
    { weight: 3, arbitrary: uuid },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'not-a-uuid',
        '1',
        '0',
        '-1',
        '00000000-0000-0000-0000-00000000000g',
        '%E0%A4%A',
        '%',
        '%00',
        '..%2F..%2Fetc%2Fpasswd',
        "1'%20OR%20'1'='1",
        'x'.repeat(5000),
        'null',
        'undefined',
        '__proto__',
      ),
    },
    { weight: 1, arbitrary: nastyString.map(encodeSegment) },
  );
}

/**
 * One path segment, sent as written. `.` and `..` (which percent-encoding leaves alone) are dot
 * segments: every URL parser, fetch's included, resolves them away before sending, so
 * `/api/admin/leads/.` would arrive as the list's address. They become `...`, still no id.
 */
export function encodeSegment(text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text) || 'empty';
  } catch {
    return '%ED%A0%80';
  }
  return encoded === '.' || encoded === '..' ? '...' : encoded;
}

/** Bodies that are not a well-formed small JSON document, with the content type they are sent as. */
export const rawBody: fc.Arbitrary<{ contentType: string | undefined; body: string | Uint8Array }> = fc.oneof(
  fc.constantFrom(
    { contentType: 'application/json', body: '{"firstName": "Ana",' },
    { contentType: 'application/json', body: "{'a': 1}" },
    { contentType: 'application/json', body: '{"a": 1,}' },
    { contentType: 'application/json', body: 'undefined' },
    { contentType: 'application/json', body: 'NaN' },
    { contentType: 'application/json', body: '"just a string"' },
    { contentType: 'application/json', body: '12345' },
    { contentType: 'application/json', body: 'null' },
    { contentType: 'application/json', body: '\u0000' },
    { contentType: 'application/json', body: '{"a":"\\ud800"}' },
    { contentType: 'application/json', body: '{"__proto__": {"isAdmin": true}}' },
    { contentType: 'application/json', body: '{"constructor": {"prototype": {"polluted": true}}}' },
    { contentType: 'application/json; charset=utf-16', body: '{}' },
    { contentType: 'application/json; charset=latin1', body: '{"firstName":"\u00e9"}' },
    { contentType: 'text/plain', body: '{"firstName":"Ana"}' },
    { contentType: 'application/x-www-form-urlencoded', body: 'firstName=Ana&lastName=Smith' },
    {
      contentType: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    },
    { contentType: 'application/xml', body: '<lead><firstName>Ana</firstName></lead>' },
    { contentType: 'text/html', body: '<script>alert(1)</script>' },
    { contentType: 'application/json', body: 'x'.repeat(2 * 1024 * 1024) },
    { contentType: undefined, body: '{"firstName":"Ana"}' },
    { contentType: 'application/json', body: `{"notes":"${'x'.repeat(2 * 1024 * 1024)}"}` },
  ),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => ({
    contentType: 'application/json',
    body: `${'['.repeat(depth)}${']'.repeat(depth)}`,
  })),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => ({
    contentType: 'application/json',
    body: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  })),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({ contentType: 'application/json', body: bytes })),
);

const alertPhone = fc.oneof(fc.constantFrom('214-555-0100', '+1 (817) 555-0101', '', '12'), textOrPayload(60));

/** POST /api/admin/users. */
export const userCreateBody = shapedBody({
  name: textOrPayload(120),
  email: fc.oneof(fc.emailAddress(), textOrPayload(300)),
  role: fc.oneof(fc.constantFrom(...USER_ROLES), textOrPayload(10)),
  phone: fc.oneof(alertPhone, fc.constant(null)),
});

const availability = {
  away: fc.boolean(),
  awayUntil: fc.oneof(isoDate, fc.constant(null)),
};

/** PATCH /api/admin/users/{id}. */
export const userUpdateBody = shapedBody({
  name: textOrPayload(120),
  role: fc.oneof(fc.constantFrom(...USER_ROLES), textOrPayload(10)),
  phone: fc.oneof(alertPhone, fc.constant(null)),
  disabled: fc.boolean(),
  ...availability,
  maxOpenLeads: fc.oneof(fc.integer({ min: -5, max: 20_000 }), fc.double(), fc.constant(null)),
});

/** PATCH /api/admin/me. */
export const ownSettingsBody = shapedBody({
  name: textOrPayload(120),
  phone: fc.oneof(alertPhone, fc.constant(null)),
  ...availability,
});

/** POST /api/setup-password: generated tokens are never a real link's. */
export const setupPasswordBody = shapedBody({
  token: fc.oneof(fc.base64String({ minLength: 20, maxLength: 60 }), textOrPayload(250)),
  password: fc.oneof(fc.string({ minLength: 0, maxLength: 20 }), textOrPayload(300)),
});

/** POST /api/setup-password/check: generated tokens are never a real link's. */
export const setupLinkCheckBody = shapedBody({
  token: fc.oneof(fc.base64String({ minLength: 20, maxLength: 60 }), textOrPayload(250)),
});

/** PATCH /api/admin/me/alerts: switches, and quiet hours well or badly formed. */
export const alertSettingsBody = shapedBody({
  newLeadToast: fc.oneof(fc.boolean(), fc.constantFrom('yes', 1, null)),
  systemNotifications: fc.boolean(),
  sound: fc.oneof(fc.boolean(), nastyString),
  quietHours: fc.oneof(
    fc.constant(null),
    fc.record({
      start: fc.constantFrom('21:00', '07:30', '24:00', '9pm', ''),
      end: fc.constantFrom('07:00', '21:00', 'x'),
    }),
    nastyString,
  ),
});

/** PUT /api/admin/settings/lead-alerts: the whole settings; people unknown (a 400) or nobody. */
export const leadAlertSettingsBody = shapedBody({
  enabled: fc.oneof(fc.boolean(), fc.constantFrom('yes', 1, null)),
  sms: fc.boolean(),
  email: fc.oneof(fc.boolean(), nastyString),
  onDuty: fc.oneof(
    fc.array(fc.oneof(fc.constant(null), fc.uuid()), { minLength: 7, maxLength: 7 }),
    fc.array(fc.constant(null), { minLength: 0, maxLength: 9 }),
    nastyString,
  ),
  escalateAfterMinutes: fc.oneof(fc.integer({ min: -5, max: 600 }), fc.double(), nastyString),
  escalateTo: fc.oneof(fc.constant(null), fc.uuid(), nastyString),
  outsideBusinessHours: fc.boolean(),
  respectQuietHours: fc.boolean(),
});

// Quotes: money as decimal strings, often right, sometimes not.
const moneyText = fc.oneof(
  fc.constantFrom('0', '25', '25.5', '414.00', '9999999.99', '12.345', '-5', '1e3', ' 10 ', ''),
  fc
    .integer({ min: 0, max: 99_999_999 })
    .map((cents) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`),
);
const quoteAddOn = fc.record(
  {
    key: fc.constantFrom('interior_windows', 'refrigerator', 'oven', 'garage', 'basement', 'carpet_steam', 'pool'),
    quantity: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.constant(1.5)),
    unitPrice: moneyText,
  },
  { requiredKeys: ['key', 'quantity'] },
);

export const quoteDraftBody = shapedBody({
  cleaning: fc.record({
    cleaningType: fc.constantFrom(...CLEANING_TYPES),
    bedrooms: fc.constantFrom(...BEDROOM_CHOICES),
    bathrooms: fc.constantFrom(...BATHROOM_CHOICES),
    frequency: fc.constantFrom(...FREQUENCIES),
    price: moneyText,
  }),
  addOns: fc.array(quoteAddOn, { maxLength: 7 }),
  welcomeDiscount: fc.boolean(),
  recurringDiscountPercent: fc.integer({ min: -5, max: 120 }),
  customDiscount: fc.option(fc.record({ amount: moneyText, reason: textOrPayload(220) }), { nil: null }),
  taxRate: fc.oneof(fc.constantFrom('0', '8.25', '100', '100.5', 'abc'), moneyText),
  validDays: fc.integer({ min: 0, max: 100 }),
  message: fc.option(textOrPayload(2100), { nil: null }),
});

export const quoteSendBody = shapedBody({ email: fc.boolean() });

export const quoteAcceptBody = shapedBody({
  name: textOrPayload(130),
  note: textOrPayload(1100),
});

export const quoteDeclineBody = shapedBody({ reason: textOrPayload(1100) });

/** PUT /api/admin/settings/company: the name and the postal address, well or badly formed. */
/** POST /api/admin/notifications/read: some ids, or all, or neither. */
export const notificationsReadBody = shapedBody({
  ids: fc.oneof(fc.array(fc.uuid(), { maxLength: 3 }), fc.array(nastyString, { maxLength: 3 }), nastyString),
  all: fc.oneof(fc.constant(true), fc.constant(false), nastyString),
});

/** PATCH /api/admin/activities/{id}: a status and/or a due time, well or badly formed. */
export const activityUpdateBody = shapedBody({
  status: fc.oneof(fc.constantFrom('pending', 'completed', 'cancelled'), nastyString),
  scheduledAt: fc.oneof(fc.constant(null), fc.constant('2026-12-01T15:00:00.000Z'), nastyString),
});

/** PUT /api/admin/lost-reasons: a list of reasons, well or badly formed. */
export const lostReasonsBody = shapedBody({
  reasons: fc.oneof(
    fc.constant([...DEFAULT_LOST_REASONS]),
    fc.array(textOrPayload(70), { maxLength: 22 }),
    fc.constant(['Price', 'price']),
    nastyString,
  ),
});

/** PUT /api/admin/settings/calls: the ring time and the text back, well or badly formed. */
export const callSettingsBody = shapedBody({
  ringSeconds: fc.oneof(fc.constant(20), fc.integer({ min: -5, max: 90 }), fc.double(), nastyString),
  textTemplate: fc.oneof(fc.constant('Sorry we missed you! {quote link}'), textOrPayload(400)),
});

export const companyDetailsBody = shapedBody({
  name: textOrPayload(120),
  postalAddress: fc.oneof(fc.constant('1200 Main Street\nDallas, TX 75202'), textOrPayload(300)),
  reviewUrl: fc.oneof(
    fc.constant('https://g.page/r/lone-star-shine/review'),
    fc.constant(null),
    fc.constant('http://example.com/review'),
    textOrPayload(500),
  ),
});

/** POST /api/admin/leads/{id}/messages: a message sent by hand, on a channel or not, with or without a subject. */
export const manualMessageBody = shapedBody({
  channel: fc.constantFrom('email', 'sms', 'fax'),
  body: fc.oneof(fc.constant('Tuesday at 10 works. See you then!'), textOrPayload(1700)),
  subject: fc.oneof(fc.constant('Your cleaning on Tuesday'), textOrPayload(210)),
});

/** POST/PATCH …/booking: an arrival window's start, well or badly formed (offsets, impossible dates). */
export const bookingBody = shapedBody({
  start: fc.oneof(
    isoDate,
    fc.constantFrom('2026-12-01T08:00:00-06:00', '2026-02-30T08:00:00Z', '0000-01-01T00:00:00Z', 'tomorrow'),
    nastyString,
  ),
});

/** A service address, well or badly formed: cities in and outside the service area, bad ZIPs. */
const serviceAddress = fc.oneof(
  shapedBody({
    line1: fc.oneof(fc.constant('12 Elm Street'), textOrPayload(130)),
    line2: fc.oneof(fc.constant('Apt 4'), fc.constant(null), textOrPayload(70)),
    city: fc.oneof(fc.constantFrom('Plano', 'fort worth', 'Austin', ''), textOrPayload(70)),
    zip: fc.oneof(fc.constantFrom('75024', '75024-1234', '7502', 'ABCDE'), nastyString),
  }),
  nastyString,
);

/** POST /api/quotes/{token}/booking: a start and where to clean, well or badly formed. */
export const newBookingBody = shapedBody({
  start: fc.oneof(
    isoDate,
    fc.constantFrom('2026-12-01T08:00:00-06:00', '2026-02-30T08:00:00Z', '0000-01-01T00:00:00Z', 'tomorrow'),
    nastyString,
  ),
  address: serviceAddress,
});

/** PUT /api/admin/leads/{id}/service-address: the address, well or badly formed. */
export const serviceAddressBody = shapedBody({ address: serviceAddress });

/** POST /api/admin/leads/{id}/booking: a start, and staff's "any time" flag, well or badly formed. */
export const staffBookingBody = shapedBody({
  start: fc.oneof(
    isoDate,
    fc.constantFrom('2026-12-01T08:00:00-06:00', '2026-02-30T08:00:00Z', '0000-01-01T00:00:00Z', 'tomorrow'),
    nastyString,
  ),
  anyTime: fc.oneof(fc.boolean(), fc.constantFrom('true', 1, null), nastyString),
  address: serviceAddress,
});

/** PATCH /api/admin/visits/{id}: a move, a crew or a status, well or badly formed. */
export const visitUpdateBody = shapedBody({
  start: fc.oneof(isoDate, nastyString),
  status: fc.constantFrom('scheduled', 'completed', 'cancelled', 'skipped', 'done', ''),
  crew: fc.oneof(fc.integer({ min: -2, max: 25 }), fc.double(), nastyString),
});

const clock = fc.oneof(fc.constantFrom('08:00', '10:00', '18:00', '24:00', '8:00'), nastyString);

/** PATCH /api/quotes/{token}/visits/{id}: skipped, or another status, or something else. */
export const customerVisitUpdateBody = shapedBody({
  status: fc.oneof(fc.constantFrom('skipped', 'cancelled', 'scheduled', 'Skipped', ''), nastyString),
});

/** PUT /api/admin/settings/scheduling: crews, the week's working days and windows, lead times. */
export const schedulingSettingsBody = shapedBody({
  crews: fc.oneof(fc.array(textOrPayload(70), { maxLength: 22 }), nastyString),
  days: fc.oneof(
    fc.array(
      fc.oneof(
        fc.constant(null),
        fc.record({ open: clock, close: clock, windows: fc.array(clock, { maxLength: 14 }) }),
      ),
      { minLength: 6, maxLength: 8 },
    ),
    nastyString,
  ),
  windowMinutes: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.double(), nastyString),
  leadTimeHours: fc.oneof(
    fc.record({
      Basic: fc.integer({ min: -1, max: 2000 }),
      Deep: fc.integer({ min: 0, max: 200 }),
      'Move In/Out': fc.oneof(fc.integer({ min: 0, max: 200 }), nastyString),
    }),
    nastyString,
  ),
  closedDates: fc.oneof(
    fc.array(fc.oneof(fc.constantFrom('2026-12-25', '2026-02-30', '12/25/2026', ''), nastyString), { maxLength: 5 }),
    nastyString,
  ),
});

/** Money as the payment calls take it, and what they refuse (negative, three decimals, numbers, words). */
const paymentMoney = fc.oneof(moneyText, fc.double(), fc.integer({ min: -100, max: 100_000 }), nastyString);

/** POST /api/admin/invoices/{id}/payments: cash or a check, well or badly formed. */
export const manualPaymentBody = shapedBody({
  method: fc.oneof(fc.constantFrom('cash', 'check', 'card', 'Cash', ''), nastyString),
  amount: paymentMoney,
  reference: fc.oneof(fc.constant('1042'), fc.constant(null), textOrPayload(80)),
});

/** POST /api/admin/payments/{id}/refund: an amount or none, and a reason. */
export const refundBody = shapedBody({
  amount: paymentMoney,
  reason: fc.oneof(fc.constant('Crew missed the oven'), fc.constant(''), textOrPayload(600)),
});

/** PUT /api/admin/settings/payments: the tax rate, the fee, the retry days, tips. */
export const paymentSettingsBody = shapedBody({
  taxRatePercent: fc.oneof(fc.constantFrom('8.25', '0', '100', '100.01', '-1', '8.255'), fc.double(), nastyString),
  cancellationFee: fc.oneof(paymentMoney, fc.constant(null)),
  retryDays: fc.oneof(fc.array(fc.integer({ min: -1, max: 40 }), { maxLength: 5 }), nastyString),
  tipsEnabled: fc.oneof(fc.boolean(), fc.constantFrom('true', 1, null), nastyString),
});

/** POST /api/account/sign-in-link: an address, well or badly formed. */
export const accountLinkBody = shapedBody({ email: fc.oneof(fc.emailAddress(), textOrPayload(300)) });

/** PATCH /api/account/visits/{id}: a start or a status, well or badly formed. */
export const accountVisitBody = fc.oneof(
  shapedBody({ status: fc.oneof(fc.constantFrom('skipped', 'cancelled', 'scheduled', ''), nastyString) }),
  shapedBody({ start: fc.oneof(fc.constantFrom('2026-12-01T08:00:00-06:00', 'tomorrow'), nastyString) }),
);

/** PUT /api/account/preferences: two switches, well or badly formed. */
export const accountPreferencesBody = shapedBody({
  sms: fc.oneof(fc.boolean(), nastyString),
  email: fc.oneof(fc.boolean(), nastyString),
});

/** POST /api/account/messages: the text, well or badly formed. */
export const accountMessageBody = shapedBody({ text: textOrPayload(2100) });

/** POST /api/account/requests: another cleaning's choices, well or badly formed. */
export const accountRequestBody = shapedBody({
  cleaningType: fc.oneof(fc.constantFrom(...CLEANING_TYPES), nastyString),
  frequency: fc.oneof(fc.constantFrom(...FREQUENCIES), nastyString),
  bedrooms: fc.oneof(fc.constantFrom(...BEDROOM_CHOICES), nastyString),
  bathrooms: fc.oneof(fc.constantFrom(...BATHROOM_CHOICES), nastyString),
  notes: textOrPayload(2100),
});

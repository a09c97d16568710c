// The customer's own account (/account): a sign-in link by e-mail, a session of the customer's own
// kind, their visits, invoices, preferences and messages (docs/decisions.md, "The customer's account").
import { z } from 'zod';
import { VISIT_STATUSES } from './bookings.ts';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from './enums.ts';
import { dateTimeSchema } from './date-range.ts';
import { INVOICE_STATUSES } from './payments.ts';
import { idSchema, instantSchema } from './responses/common.ts';
import { moneySchema } from './responses/quotes.ts';
import { serviceAddressSchema } from './service-address.ts';
import { VALIDATION } from './messages.ts';

/** A sign-in link works once, for this long. */
export const ACCOUNT_LINK_MINUTES = 30;
/** A customer's session ends after this long without a request… */
export const ACCOUNT_SESSION_IDLE_HOURS = 24;
/** …and this long after the sign-in, whatever the activity. */
export const ACCOUNT_SESSION_ABSOLUTE_DAYS = 14;
/** Sign-in links asked for one address, and by one client address, per 15 minutes. */
export const ACCOUNT_LINKS_PER_ADDRESS = 3;
export const ACCOUNT_LINKS_PER_CLIENT = 10;
/** A message from the account page is at most this long. */
export const ACCOUNT_MESSAGE_MAX = 2000;

export const ACCOUNT_MESSAGES = {
  linkSent: (minutes: number) =>
    `If that address belongs to one of our customers, a sign-in link is on its way. It works once, for ${minutes} minutes.`,
  linkSpent: 'This sign-in link has been used or has expired. Ask for a new one below.',
  linkUnknown: 'This sign-in link is not valid. Ask for a new one below.',
  signedOut: 'You are signed out.',
  notSignedIn: 'Sign in to your account first.',
  tooManyLinks: 'Too many sign-in links were asked for. Please wait 15 minutes and try again.',
  visitSkipped: 'Done: that visit is skipped. The rest of your cleanings stay as booked.',
  seriesCancelled: 'Done: your cleanings from that visit on are cancelled.',
  visitMoved: 'Done: your visit is moved.',
  preferencesSaved: 'Your preferences are saved.',
  messageSent: 'Thank you: your message is on its way to our team.',
  messageRequired: 'Write your message first.',
  messageTooLong: `Keep the message under ${ACCOUNT_MESSAGE_MAX} characters.`,
  requested: 'Thank you: your request is with our team. We will send you a quote or a time shortly.',
  cardRemoved: 'Your card is removed: nothing more is charged to it. You pay each cleaning by its invoice’s link.',
  noCard: 'There is no card on file to remove.',
} as const;

/** POST /api/account/sign-in-link. */
export const accountSignInLinkSchema = z.strictObject({
  email: z.string({ error: VALIDATION.email }).trim().max(254, VALIDATION.email).email(VALIDATION.email),
});
export type AccountSignInLink = z.output<typeof accountSignInLinkSchema>;

/** The same answer whoever asked: it never says whether the address is known. */
export const accountMessageAnswerSchema = z.strictObject({ message: z.string() });

/** PATCH /api/account/visits/{id}: move that one visit to a free window, skip it, or cancel the series from it. */
export const accountVisitUpdateSchema = z.union([
  z.strictObject({ start: dateTimeSchema('Start') }),
  z.strictObject({
    status: z.enum(['skipped', 'cancelled'], { error: 'Status must be skipped or cancelled' }),
  }),
]);
export type AccountVisitUpdate = z.output<typeof accountVisitUpdateSchema>;

export const accountVisitParamsSchema = z.strictObject({ id: idSchema });

/** PUT /api/account/preferences: texts on or off, e-mail reminders on or off. */
export const accountPreferencesSchema = z.strictObject({
  sms: z.boolean({ error: 'sms must be true or false' }),
  email: z.boolean({ error: 'email must be true or false' }),
});
export type AccountPreferences = z.output<typeof accountPreferencesSchema>;

/** POST /api/account/requests: another cleaning, on the customer's details (the form is prefilled with their last). */
export const accountCleaningRequestSchema = z.strictObject({
  cleaningType: z.enum(CLEANING_TYPES, { error: VALIDATION.cleaningType }),
  frequency: z.enum(FREQUENCIES, { error: VALIDATION.frequency }),
  bedrooms: z.enum(BEDROOM_CHOICES, { error: VALIDATION.bedrooms }),
  bathrooms: z.enum(BATHROOM_CHOICES, { error: VALIDATION.bathrooms }),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
});
export type AccountCleaningRequest = z.output<typeof accountCleaningRequestSchema>;

/** POST /api/account/messages. */
export const accountMessageSchema = z.strictObject({
  text: z
    .string({ error: ACCOUNT_MESSAGES.messageRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.messageRequired)
    .max(ACCOUNT_MESSAGE_MAX, ACCOUNT_MESSAGES.messageTooLong),
});

export const accountVisitSchema = z.strictObject({
  id: idSchema,
  bookingId: idSchema,
  /** The arrival window's start and the visit's end, as instants. */
  start: instantSchema,
  arrivalEnd: instantSchema,
  end: instantSchema,
  status: z.enum(VISIT_STATUSES),
  /** The crew's name as the company calls it. */
  crew: z.string(),
  address: serviceAddressSchema.nullable(),
  price: moneySchema.nullable(),
  /** One-visit series or not: a one-time cleaning is cancelled, never skipped. */
  recurring: z.boolean(),
  /** Still the customer's to change: scheduled, 24 hours or more ahead. */
  canChange: z.boolean(),
});
export type AccountVisit = z.output<typeof accountVisitSchema>;

export const accountInvoiceSchema = z.strictObject({
  id: idSchema,
  number: z.string(),
  total: moneySchema,
  balance: moneySchema,
  status: z.enum(INVOICE_STATUSES),
  /** The invoice's page for the signed-in customer. */
  url: z.string(),
});

export const accountSchema = z.strictObject({
  customer: z.strictObject({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  /** Upcoming visits first (soonest first), then past ones (newest first). */
  visits: z.array(accountVisitSchema),
  invoices: z.array(accountInvoiceSchema),
  /** The card on file (the newest of the customer's leads that has one), from the card processor: never its number. */
  card: z
    .strictObject({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
    .nullable(),
  preferences: accountPreferencesSchema,
});
export type Account = z.output<typeof accountSchema>;

// /account: the customer's account page and its plain-HTML forms (account-page.ts). A posted form
// answers 303 back to the page with what was done (reloading never posts twice), or the page again with
// why not (the 24-hour policy with the phone number, a window just taken). Never cached, never indexed,
// no referrer. The sign-in link (/account/sign-in/{token}) is used once, then the account's own cookie
// carries the session (account-session.middleware.ts).
import {
  ACCOUNT_LINK_MINUTES,
  ACCOUNT_LINKS_PER_ADDRESS,
  ACCOUNT_LINKS_PER_CLIENT,
  ACCOUNT_MESSAGES,
  accountCleaningRequestSchema,
  accountMessageSchema,
  accountSignInLinkSchema,
  accountVisitParamsSchema,
  accountVisitUpdateSchema,
} from '@shine/shared/account';
import type Stripe from 'stripe';
import express, { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { linkPageHeaders, sendHtml } from '../http/link-page.ts';
import { adminOriginCheck } from '../http/origin-check.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { accountLinkRateLimits, bookingChangeRateLimits, quoteLinkRateLimit } from '../http/rate-limits.ts';
import { findInvoiceOfCustomer, renderCustomerInvoice } from './account-invoices.ts';
import {
  accountThread,
  changeAccountVisit,
  getAccount,
  leadsOfCustomer,
  redeemSignInLink,
  requestAnotherCleaning,
  requestSignInLink,
  sendAccountMessage,
  setAccountPreferences,
  windowsToMoveTo,
  removeCardOfCustomer,
} from './account.service.ts';
import { type Notice, renderAccountPage, renderMovePage, renderSignInPage } from './account-page.ts';
import {
  accountChangeKey,
  accountCustomerOf,
  endAccountSession,
  findAccountCustomer,
  readAccountSession,
  startAccountSession,
} from './account-session.middleware.ts';

const FORM_LIMIT = '8kb';

/** What the page says after a change (?done=…). */
const DONE: Record<string, Notice> = {
  skipped: { kind: 'ok', text: ACCOUNT_MESSAGES.visitSkipped },
  cancelled: { kind: 'ok', text: ACCOUNT_MESSAGES.seriesCancelled },
  moved: { kind: 'ok', text: ACCOUNT_MESSAGES.visitMoved },
  preferences: { kind: 'ok', text: ACCOUNT_MESSAGES.preferencesSaved },
  message: { kind: 'ok', text: ACCOUNT_MESSAGES.messageSent },
  'card-removed': { kind: 'ok', text: ACCOUNT_MESSAGES.cardRemoved },
  requested: { kind: 'ok', text: ACCOUNT_MESSAGES.requested },
  sent: { kind: 'info', text: ACCOUNT_MESSAGES.linkSent(ACCOUNT_LINK_MINUTES) },
  'signed-out': { kind: 'info', text: ACCOUNT_MESSAGES.signedOut },
};

const field = (req: Request, name: string): string => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

export function accountPageRouter({
  db,
  config,
  now,
  stripe,
}: Pick<AppDeps, 'db' | 'config' | 'now'> & { stripe?: Stripe }): Router {
  const router = Router();
  const timeZone = config.businessTimeZone;
  router.use(linkPageHeaders);
  router.use(
    adminOriginCheck({ publicOrigin: config.publicOrigin, corsOrigins: config.corsOrigins, nullOriginBySite: true }),
  );
  router.use(express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 }));
  router.use(readAccountSession(db, config, now));

  const signedIn = (res: Response) => findAccountCustomer(res) !== undefined;
  const notSignedIn = (res: Response) =>
    sendHtml(res, 401, renderSignInPage({ notice: { kind: 'info', text: ACCOUNT_MESSAGES.notSignedIn } }));

  async function page(res: Response, status: number, notice?: Notice): Promise<void> {
    const { email } = accountCustomerOf(res);
    const at = now();
    const [account, thread, [newest]] = await Promise.all([
      getAccount(db, email, at),
      accountThread(db, email),
      leadsOfCustomer(db, email),
    ]);
    const lastRequest = {
      cleaningType: newest?.cleaningType ?? null,
      frequency: newest?.frequency ?? null,
      bedrooms: newest?.bedrooms ?? null,
      bathrooms: newest?.bathrooms ?? null,
    };
    sendHtml(
      res,
      status,
      renderAccountPage({ account, thread, timeZone, now: at, lastRequest, ...(notice ? { notice } : {}) }),
    );
  }

  router.get('/', async (req, res) => {
    const done = typeof req.query.done === 'string' ? DONE[req.query.done] : undefined;
    if (!signedIn(res)) return sendHtml(res, 200, renderSignInPage(done ? { notice: done } : {}));
    await page(res, 200, done);
  });

  router.post(
    '/sign-in-link',
    accountLinkRateLimits(
      db,
      { perAddress: ACCOUNT_LINKS_PER_ADDRESS, perClient: ACCOUNT_LINKS_PER_CLIENT },
      ACCOUNT_MESSAGES.tooManyLinks,
      (res, message) => res.type('html').send(renderSignInPage({ notice: { kind: 'error', text: message } })),
    ),
    async (req: Request, res: Response) => {
      const parsed = accountSignInLinkSchema.safeParse({ email: field(req, 'email') });
      if (!parsed.success) {
        return sendHtml(
          res,
          400,
          renderSignInPage({
            email: field(req, 'email'),
            error: parsed.error.issues[0]?.message ?? 'Check the address',
          }),
        );
      }
      await requestSignInLink(db, parsed.data.email, linkOriginOf(config), now());
      res.redirect(303, '/account?done=sent');
    },
  );

  router.get(
    '/sign-in/:token',
    quoteLinkRateLimit(db, config.rateLimitQuoteLinksPerMinute, (res, message) =>
      res.type('html').send(renderSignInPage({ notice: { kind: 'error', text: message } })),
    ),
    async (req: Request<{ token: string }>, res: Response) => {
      const outcome = await redeemSignInLink(db, req.params.token, now());
      if (outcome.kind === 'signed-in') {
        await endAccountSession(db, res, config, { clearCookie: false });
        await startAccountSession(db, res, config, outcome.email, now());
        return res.redirect(303, '/account');
      }
      const spent = outcome.kind === 'spent';
      sendHtml(
        res,
        spent ? 410 : 404,
        renderSignInPage({
          notice: { kind: 'error', text: spent ? ACCOUNT_MESSAGES.linkSpent : ACCOUNT_MESSAGES.linkUnknown },
        }),
      );
    },
  );

  router.post('/sign-out', async (_req, res) => {
    await endAccountSession(db, res, config);
    res.redirect(303, '/account?done=signed-out');
  });

  /** A change of a visit by a form: back to the page, or the page with why not. */
  async function changeVisit(req: Request<{ id: string }>, res: Response, body: unknown, done: string) {
    if (!signedIn(res)) return notSignedIn(res);
    const params = accountVisitParamsSchema.safeParse(req.params);
    const update = accountVisitUpdateSchema.safeParse(body);
    if (!params.success || !update.success)
      return page(res, 400, { kind: 'error', text: 'Pick what to do with the visit.' });
    try {
      await changeAccountVisit(db, accountCustomerOf(res).email, params.data.id, update.data, {
        timeZone,
        now: now(),
        origin: linkOriginOf(config),
      });
      res.redirect(303, `/account?done=${done}`);
    } catch (error) {
      if (error instanceof AppError && (error.status === 404 || error.status === 409))
        return page(res, error.status, { kind: 'error', text: error.message });
      throw error;
    }
  }

  // The JSON call's limits, shared with it (one count per session); nobody signed in: the form says so.
  const changeLimits = bookingChangeRateLimits(
    db,
    config.customerBookingChanges,
    async (_req, res, message) => (signedIn(res) ? page(res, 429, { kind: 'error', text: message }) : notSignedIn(res)),
    { key: accountChangeKey, prefix: 'account-change' },
  );

  router.post('/visits/:id', changeLimits, async (req: Request<{ id: string }>, res: Response) => {
    const status = field(req, 'status');
    await changeVisit(req, res, { status }, status === 'cancelled' ? 'cancelled' : 'skipped');
  });

  router.get('/visits/:id/move', async (req, res) => {
    if (!signedIn(res)) return notSignedIn(res);
    await movePage(req, res, 200);
  });

  async function movePage(req: Request<{ id: string }>, res: Response, status: number, notice?: Notice) {
    const { email } = accountCustomerOf(res);
    const params = accountVisitParamsSchema.safeParse(req.params);
    const found = params.success ? await windowsToMoveTo(db, email, params.data.id, timeZone, now()) : undefined;
    if (!found) return page(res, 404, { kind: 'error', text: 'Visit not found' });
    sendHtml(res, status, renderMovePage({ ...found, timeZone, ...(notice ? { notice } : {}) }));
  }

  router.post('/visits/:id/move', changeLimits, async (req: Request<{ id: string }>, res: Response) => {
    if (!signedIn(res)) return notSignedIn(res);
    const start = field(req, 'start');
    if (!start) return movePage(req, res, 400, { kind: 'error', text: 'Pick an arrival window.' });
    try {
      const params = accountVisitParamsSchema.parse(req.params);
      await changeAccountVisit(
        db,
        accountCustomerOf(res).email,
        params.id,
        { start },
        {
          timeZone,
          now: now(),
          origin: linkOriginOf(config),
        },
      );
      res.redirect(303, '/account?done=moved');
    } catch (error) {
      if (error instanceof AppError && error.status === 409)
        return movePage(req, res, 409, { kind: 'error', text: error.message });
      if (error instanceof AppError && error.status === 404)
        return page(res, 404, { kind: 'error', text: error.message });
      throw error;
    }
  });

  router.post('/preferences', async (req, res) => {
    if (!signedIn(res)) return notSignedIn(res);
    await setAccountPreferences(
      db,
      accountCustomerOf(res).email,
      { sms: field(req, 'sms') === 'on', email: field(req, 'email') === 'on' },
      now(),
    );
    res.redirect(303, '/account?done=preferences');
  });

  router.post('/card/remove', async (_req, res) => {
    if (!signedIn(res)) return notSignedIn(res);
    const removed = await removeCardOfCustomer(db, stripe, accountCustomerOf(res).email, now());
    if (!removed) return page(res, 404, { kind: 'error', text: ACCOUNT_MESSAGES.noCard });
    res.redirect(303, '/account?done=card-removed');
  });

  router.post('/messages', async (req, res) => {
    if (!signedIn(res)) return notSignedIn(res);
    const parsed = accountMessageSchema.safeParse({ text: field(req, 'text') });
    if (!parsed.success) return page(res, 400, { kind: 'error', text: parsed.error.issues[0]?.message ?? '' });
    await sendAccountMessage(db, accountCustomerOf(res).email, parsed.data.text, { now: now(), timeZone });
    res.redirect(303, '/account?done=message');
  });

  router.post('/requests', async (req, res) => {
    if (!signedIn(res)) return notSignedIn(res);
    const notes = field(req, 'notes').trim();
    const parsed = accountCleaningRequestSchema.safeParse({
      cleaningType: field(req, 'cleaningType'),
      frequency: field(req, 'frequency'),
      bedrooms: field(req, 'bedrooms'),
      bathrooms: field(req, 'bathrooms'),
      ...(notes ? { notes } : {}),
    });
    if (!parsed.success) return page(res, 400, { kind: 'error', text: parsed.error.issues[0]?.message ?? '' });
    await requestAnotherCleaning(
      db,
      accountCustomerOf(res).email,
      parsed.data,
      { now: now(), timeZone },
      { clientIp: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null },
    );
    res.redirect(303, '/account?done=requested');
  });

  router.get('/invoices/:id', async (req, res) => {
    if (!signedIn(res)) return notSignedIn(res);
    const leads = await leadsOfCustomer(db, accountCustomerOf(res).email);
    const invoice = await findInvoiceOfCustomer(db, leads, req.params.id, now());
    if (!invoice) return page(res, 404, { kind: 'error', text: 'Invoice not found' });
    sendHtml(res, 200, await renderCustomerInvoice(db, invoice, timeZone));
  });

  return router;
}

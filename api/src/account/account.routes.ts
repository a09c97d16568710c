// The customer's account as JSON under /api/account (app.ts puts the origin check for writes, the JSON
// body and the account's session in front). The same calls as the /account page's forms.
import {
  ACCOUNT_LINK_MINUTES,
  ACCOUNT_LINKS_PER_ADDRESS,
  ACCOUNT_LINKS_PER_CLIENT,
  ACCOUNT_MESSAGES,
} from '@shine/shared/account';
import { accountOperations } from '@shine/shared/operations/account';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { noStore } from '../http/cache-control.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { accountLinkRateLimits, bookingChangeRateLimits } from '../http/rate-limits.ts';
import { operationRouter } from '../http/route.ts';
import {
  changeAccountVisit,
  getAccount,
  requestAnotherCleaning,
  requestSignInLink,
  sendAccountMessage,
  setAccountPreferences,
} from './account.service.ts';
import {
  accountChangeKey,
  accountCustomerOf,
  endAccountSession,
  requireAccount,
} from './account-session.middleware.ts';

export function accountRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/account');
  router.use(noStore);
  const linkLimits = accountLinkRateLimits(
    db,
    { perAddress: ACCOUNT_LINKS_PER_ADDRESS, perClient: ACCOUNT_LINKS_PER_CLIENT },
    ACCOUNT_MESSAGES.tooManyLinks,
  );

  route(accountOperations.requestAccountLink, linkLimits, async (req, res) => {
    await requestSignInLink(db, req.body.email, linkOriginOf(config), now());
    res.status(202).json({ message: ACCOUNT_MESSAGES.linkSent(ACCOUNT_LINK_MINUTES) });
  });

  route(accountOperations.getAccount, [requireAccount], async (_req, res) => {
    res.json(await getAccount(db, accountCustomerOf(res).email, now()));
  });

  // As many changes per hour and per day as by a quote link, counted per session (a refused one does not count).
  const changeLimits = bookingChangeRateLimits(
    db,
    config.customerBookingChanges,
    (_req, res, message) => {
      res.json({ message });
    },
    { key: accountChangeKey, prefix: 'account-change' },
  );
  route(accountOperations.changeAccountVisit, [requireAccount, ...changeLimits], async (req, res) => {
    const { email } = accountCustomerOf(res);
    await changeAccountVisit(db, email, req.params.id, req.body, {
      timeZone: config.businessTimeZone,
      now: now(),
      origin: linkOriginOf(config),
    });
    res.json(await getAccount(db, email, now()));
  });

  route(accountOperations.setAccountPreferences, [requireAccount], async (req, res) => {
    res.json(await setAccountPreferences(db, accountCustomerOf(res).email, req.body, now()));
  });

  route(accountOperations.sendAccountMessage, [requireAccount], async (req, res) => {
    await sendAccountMessage(db, accountCustomerOf(res).email, req.body.text, {
      now: now(),
      timeZone: config.businessTimeZone,
    });
    res.status(201).json({ message: ACCOUNT_MESSAGES.messageSent });
  });

  route(accountOperations.requestAnotherCleaning, [requireAccount], async (req, res) => {
    await requestAnotherCleaning(
      db,
      accountCustomerOf(res).email,
      req.body,
      { now: now(), timeZone: config.businessTimeZone },
      { clientIp: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null },
    );
    res.status(201).json({ message: ACCOUNT_MESSAGES.requested });
  });

  route(accountOperations.signOutOfAccount, async (_req, res) => {
    await endAccountSession(db, res, config);
    res.status(204).end();
  });

  return router;
}

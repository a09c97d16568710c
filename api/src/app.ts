// createApp(deps): the whole Express application, without listening (server.ts listens; tests drive
// it with supertest). Order matters: headers and logging, then /api (CORS, origin check, bodies,
// sessions, routes, JSON 404), then the static site and CRM, then the error handler.
import compression from 'compression';
import express, { type Express, Router } from 'express';
import { accountPageRouter } from './account/account-page.routes.ts';
import { accountRouter } from './account/account.routes.ts';
import { readAccountSession } from './account/account-session.middleware.ts';
import { activitiesRouter } from './activities/activities.routes.ts';
import { auditRouter } from './audit/audit.routes.ts';
import { newLeadAlertsRouter } from './auth/new-lead-alerts.routes.ts';
import { authRouter } from './auth/auth.routes.ts';
import { createSessionMiddleware } from './auth/session.middleware.ts';
import { setupPasswordRouter } from './auth/setup-password.routes.ts';
import { type TeamDeps, teamRouter, usersRouter } from './auth/users.routes.ts';
import { userNames } from './auth/users.service.ts';
import { automationsRouter } from './automations/automations.routes.ts';
import { automationNames } from './automations/automations.service.ts';
import { callSettingsRouter, callsRouter } from './calls/calls.routes.ts';
import { voiceWebhookRouter } from './calls/voice-webhook.routes.ts';
import { automationRunsRouter, leadAutomationRouter, outboxRouter } from './automations/runs.routes.ts';
import { createManualDelivery } from './automations/manual-delivery.service.ts';
import { createDirectEmailSender } from './automations/direct-email.service.ts';
import { type ConversationsDeps, inboxRouter, leadConversationRouter } from './conversations/conversations.routes.ts';
import { smsWebhookRouter } from './conversations/sms-webhook.routes.ts';
import type { AppDeps } from './deps.ts';
import { healthRouter } from './health/health.routes.ts';
import { requireAuth } from './http/auth-guard.ts';
import { getCompanyDetails } from './settings/company-details.service.ts';
import { quotePageBooking } from './scheduling/booking-page.routes.ts';
import {
  customerBookingRouter,
  bookingsRouter,
  leadBookingRouter,
  schedulingSettingsRouter,
  visitsRouter,
} from './scheduling/scheduling.routes.ts';
import { lostReasonsRouter } from './settings/lost-reasons.routes.ts';
import { settingsRouter } from './settings/settings.routes.ts';
import { speedToLeadSettingsRouter } from './speed-to-lead/speed-to-lead.routes.ts';
import {
  EXPORT_JSON_LIMIT,
  JSON_LIMIT,
  jsonBody,
  LOGIN_JSON_LIMIT,
  PUBLIC_JSON_LIMIT,
  SETUP_PASSWORD_JSON_LIMIT,
  whenPermitted,
} from './http/body.ts';
import { noStore } from './http/cache-control.ts';
import { quoteLinkRateLimit, smsWebhookRateLimit } from './http/rate-limits.ts';
import { corsForOrigins } from './http/cors.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { hostCheck } from './http/host-check.ts';
import { adminOriginCheck } from './http/origin-check.ts';
import { requestLogger } from './http/request-logger.ts';
import { readScriptHashes, securityHeaders } from './http/security-headers.ts';
import { staticFiles } from './http/static.ts';
import { answerRevocationsWhenEverywhere, answerWritesWhenHeard } from './http/write-barrier.ts';
import { leadActivitiesRouter } from './leads/lead-activities.routes.ts';
import { adminLeadsRouter, heldSubmissionsRouter, publicLeadsRouter } from './leads/leads.routes.ts';
import { leadNames } from './leads/leads.service.ts';
import { openLeadCountsByAssignee } from './leads/open-leads.service.ts';
import { liveRouter } from './live/live.routes.ts';
import { myDayRouter, shellCountsRouter } from './my-day/my-day.routes.ts';
import { notificationsRouter } from './notifications/notifications.routes.ts';
import { invoiceExportRouter, paymentReportRouter } from './payments/payment-reports.routes.ts';
import { getPaymentSettingsValue } from './payments/payment-settings.service.ts';
import { tipsRouter } from './payments/tips.routes.ts';
import { visitTipsRouter } from './scheduling/visit-tips.routes.ts';
import { invoicesRouter, leadCardRouter, paymentSettingsRouter, paymentsRouter } from './payments/payments.routes.ts';
import { invoicePageRouter } from './payments/invoice-page.routes.ts';
import { quotePageCard } from './payments/card-page.routes.ts';
import { createStripeClient } from './payments/stripe-client.ts';
import { stripeWebhookRouter } from './payments/stripe-webhook.routes.ts';
import { openApiRouter } from './openapi/openapi.routes.ts';
import { customerQuotesRouter } from './quotes/customer-quotes.routes.ts';
import { unmatchedEmailsRouter } from './mailbox/unmatched-emails.routes.ts';
import { replyAddressOfLead } from './mailbox/mailbox.service.ts';
import { quotePageRouter } from './quotes/quote-page.routes.ts';
import { leadQuotesRouter, quotesRouter } from './quotes/quotes.routes.ts';
import { reportsRouter } from './reports/reports.routes.ts';
import responseTime from 'response-time';
import { templatesRouter } from './templates/templates.routes.ts';
import { templateNames } from './templates/templates.service.ts';
import { unsubscribeRouter } from './unsubscribe/unsubscribe.routes.ts';

/** Per client address: the provider's bursts of inbound texts fit well under it. */
const SMS_WEBHOOK_CALLS_PER_MINUTE = 300;

export interface App {
  app: Express;
  /** Stops timers the app owns (session cleanup); the database is the caller's to close. */
  close: () => void;
}

function adminApi(
  deps: AppDeps,
  sessions: ReturnType<typeof createSessionMiddleware>,
  team: TeamDeps,
  conversations: ConversationsDeps,
): Router {
  const admin = Router();
  // The API's own time for each staff call, beside the browser's (bench/first-load.ts reads it from
  // PerformanceResourceTiming.serverTiming): from routing to the headers, session check included.
  admin.use(
    responseTime((_req, res, ms) => {
      res.setHeader('Server-Timing', `app;dur=${ms.toFixed(1)}`);
    }),
  );
  admin.use(adminOriginCheck({ publicOrigin: deps.config.publicOrigin, corsOrigins: deps.config.corsOrigins }));
  // Personal data in every answer: no cache keeps a copy (conditional.ts relaxes it to revalidation).
  admin.use(noStore);
  admin.use(sessions.handlers);
  // The session and the call's role are known before any body is read: only the login's small body
  // is parsed for a stranger. The export may name many leads; every other admin body is small; the first parser wins.
  admin.use('/login', jsonBody(LOGIN_JSON_LIMIT));
  const bodies = Router();
  bodies.use('/leads/export', jsonBody(EXPORT_JSON_LIMIT));
  bodies.use(jsonBody(JSON_LIMIT));
  admin.use(whenPermitted(bodies));
  admin.use(authRouter(deps));
  admin.use(requireAuth);
  // Roles (docs/decisions.md, "Team") are each call's own (its entry's `role`, checked by its route
  // before the body is parsed): sales read automations, runs, the outbox and templates but change none
  // of them; the team, the audit trail and the company's settings are the admins' alone.
  admin.use('/users', usersRouter(team));
  admin.use(
    '/audit',
    auditRouter({
      ...deps,
      names: { people: userNames, leads: leadNames, automations: automationNames, templates: templateNames },
    }),
  );
  admin.use('/settings/scheduling', schedulingSettingsRouter(deps));
  admin.use('/settings/lead-alerts', speedToLeadSettingsRouter(deps));
  admin.use('/settings/payments', paymentSettingsRouter(deps));
  admin.use('/settings/calls', callSettingsRouter(deps));
  admin.use('/settings', settingsRouter(deps));
  admin.use('/lost-reasons', lostReasonsRouter(deps));
  admin.use(teamRouter(team));
  admin.use('/me/alerts', newLeadAlertsRouter(deps));
  admin.use('/leads', adminLeadsRouter(deps));
  admin.use('/leads', leadAutomationRouter(deps));
  admin.use(
    '/leads',
    leadQuotesRouter(deps, async () => ({
      taxRateBasisPoints: (await getPaymentSettingsValue(deps.db)).taxRateBasisPoints,
    })),
  );
  admin.use('/leads', leadConversationRouter(conversations));
  admin.use('/leads', leadBookingRouter(deps));
  admin.use('/leads', leadCardRouter(deps));
  admin.use('/visits', visitsRouter(deps));
  admin.use('/visits', visitTipsRouter(deps));
  admin.use('/bookings', bookingsRouter(deps));
  // The export before the invoices' /:id, which would read "export" as an id.
  admin.use('/invoices', invoiceExportRouter(deps));
  admin.use('/invoices', invoicesRouter(deps));
  admin.use('/reports', paymentReportRouter(deps));
  admin.use('/tips', tipsRouter(deps));
  admin.use('/payments', paymentsRouter(deps));
  admin.use('/inbox', inboxRouter(deps));
  admin.use('/my-day', myDayRouter(deps));
  admin.use('/calls', callsRouter(deps));
  admin.use('/counts', shellCountsRouter(deps));
  admin.use('/notifications', notificationsRouter(deps));
  admin.use('/unmatched-emails', unmatchedEmailsRouter(deps));
  admin.use('/quotes', quotesRouter(deps));
  admin.use('/held-submissions', heldSubmissionsRouter(deps));
  admin.use('/activities', leadActivitiesRouter(deps));
  admin.use('/activities', activitiesRouter(deps));
  admin.use('/automations', automationRunsRouter(deps));
  admin.use('/automations', automationsRouter(deps));
  admin.use('/outbox', outboxRouter(deps));
  admin.use('/templates', templatesRouter(deps));
  admin.use(reportsRouter(deps));
  admin.use(
    '/events',
    adminOriginCheck({
      publicOrigin: deps.config.publicOrigin,
      corsOrigins: deps.config.corsOrigins,
      allMethods: true,
    }),
    liveRouter(deps),
  );
  return admin;
}

export function createApp(deps: AppDeps): App {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // JSON answers carry our own cheap ETags where they matter (see http/conditional.ts).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);

  app.use(requestLogger(logger));
  app.use(
    securityHeaders({
      scriptHashes: readScriptHashes(config.siteDistDir, logger),
      corsOrigins: config.corsOrigins,
      https: config.cookieSecure,
    }),
  );
  app.use(hostCheck(config.allowedHosts));
  app.use(compression());

  const sessions = createSessionMiddleware(deps);
  const mailer = createDirectEmailSender(config.automations);
  const team: TeamDeps = {
    ...deps,
    openLeadCounts: openLeadCountsByAssignee,
    sendEmail: mailer?.send,
    companyDetails: () => getCompanyDetails(deps.db),
  };
  const delivery = createManualDelivery(config.automations);
  const conversations: ConversationsDeps = {
    ...deps,
    delivery,
    replyAddressOf: (leadId) => replyAddressOfLead(deps.db, deps.config.mailbox.replyAddress, leadId),
  };
  const quoteLinkLimit = quoteLinkRateLimit(deps.db, config.rateLimitQuoteLinksPerMinute);
  const api = Router();
  api.use(answerWritesWhenHeard(deps.db));
  // Writes that can take someone's access away answer once every process would refuse it.
  const revocation = answerRevocationsWhenEverywhere(deps.db);
  for (const path of ['/admin/logout', '/admin/me/password', '/admin/users']) api.use(path, revocation);
  api.use(corsForOrigins(config.corsOrigins));
  api.use('/health', healthRouter(deps));
  api.use('/leads', jsonBody(PUBLIC_JSON_LIMIT), publicLeadsRouter(deps));
  api.use('/setup-password', jsonBody(SETUP_PASSWORD_JSON_LIMIT), setupPasswordRouter(deps));
  api.use(
    '/quotes',
    quoteLinkLimit,
    jsonBody(PUBLIC_JSON_LIMIT),
    customerQuotesRouter(deps),
    customerBookingRouter(deps),
  );
  api.use(
    '/webhooks',
    smsWebhookRateLimit(deps.db, SMS_WEBHOOK_CALLS_PER_MINUTE),
    smsWebhookRouter(deps),
    voiceWebhookRouter(deps, delivery.sms),
  );
  api.use('/payments/stripe', stripeWebhookRouter(deps));
  // The customer's account: its own session cookie, never the staff's (account/account-session.middleware.ts).
  api.use(
    '/account',
    adminOriginCheck({ publicOrigin: config.publicOrigin, corsOrigins: config.corsOrigins }),
    jsonBody(PUBLIC_JSON_LIMIT),
    readAccountSession(deps.db, config, deps.now),
    accountRouter(deps),
  );
  api.use('/admin', adminApi(deps, sessions, team, conversations));
  api.use(openApiRouter());
  api.use(apiNotFound);
  app.use('/api', api);
  // The customers' quote pages: before the static site, whose 404 page would answer them otherwise.
  const booking = quotePageBooking(deps);
  const stripe = createStripeClient(deps.config);
  app.use(
    '/q',
    quotePageRouter({ ...deps, booking, ...(stripe ? { card: quotePageCard(deps, stripe, booking) } : {}) }),
  );
  // The customer's account page and its forms.
  app.use('/account', accountPageRouter({ ...deps, ...(stripe ? { stripe } : {}) }));
  // The customers' invoices (pay links).
  app.use('/i', invoicePageRouter(deps));
  // The unsubscribe link of automated e-mail (RFC 8058 one-click: no origin check, see its router).
  app.use('/u', unsubscribeRouter(deps));

  app.use(staticFiles({ siteDistDir: config.siteDistDir, crmDistDir: config.crmDistDir }));
  app.use(errorHandler);
  return {
    app,
    close: () => {
      sessions.close();
      mailer?.close();
      delivery.close();
    },
  };
}

// Scheduling's calls: the customer's by the quote link (/api/quotes/{token}/slots and /booking; app.ts
// puts the link's rate limit and the small JSON body in front), staff's Schedule (/api/admin/visits),
// booking a lead by hand (/api/admin/leads/{id}/booking), cancelling a booking (/api/admin/bookings/{id})
// and the settings
// (/api/admin/settings/scheduling: every role reads them, admins change them).
import type { SlotTaken } from '@shine/shared/bookings';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import type { Request, Response, Router } from 'express';
import type { Knex } from 'knex';
import { sessionUser } from '../http/auth-guard.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import type { Config } from '../config.ts';
import { quoteUrlOf } from '../quotes/index.ts';
import { noStore } from '../http/cache-control.ts';
import { bookingChangeRateLimits } from '../http/rate-limits.ts';
import { operationRouter } from '../http/route.ts';
import { getSchedulingSettings, saveSchedulingSettings } from '../settings/index.ts';
import { bookFromQuote, cancelFromQuote, rescheduleFromQuote, skipVisitFromQuote } from './customer-booking.service.ts';
import { alternativeSlots, customerSlots, leadSlots, SlotRefusedError } from './free-windows.service.ts';
import type { BookingCancellation } from './booking-core.ts';
import { activeBookingOfLead, bookForLead, cancelBookingById, cancelBookingOfLead } from './staff-booking.service.ts';
import { listVisits, updateVisit } from './staff-visits.service.ts';
import { chargeVisitNow, createStripeClient } from '../payments/index.ts';

import type { AppDeps } from '../deps.ts';

// The customer's e-mails of these changes (confirmation, move, cancellation) are reactions to the
// changes' committed events (api/src/reactions/booking-email.reaction.ts): no answer waits for them.
type SchedulingDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** The customer's quote page, at PUBLIC_ORIGIN or this server's own address (never the request's Host). */
export function quotePageUrl(config: Pick<Config, 'publicOrigin' | 'host' | 'port'>, token: string): string {
  return quoteUrlOf(linkOriginOf(config), token);
}

/** Runs `work`; a refused start answers 409 with the message and the next free windows. */
async function answerOrOfferSlots(db: Knex, timeZone: string, res: Response, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof SlotRefusedError)) throw error;
    const body: SlotTaken = { message: error.message, slots: await alternativeSlots(db, error, timeZone) };
    res.status(409).json(body);
  }
}

/** /api/quotes/{token}/slots and /booking: the customer books the accepted quote by its link. */
export function customerBookingRouter(deps: SchedulingDeps): Router {
  const { db, config, now } = deps;
  const { router, route } = operationRouter('/api/quotes');
  const timeZone = config.businessTimeZone;
  router.use(noStore);
  // Shared with the page's forms (booking-page.routes.ts): one count per link, however it is changed.
  const metered = bookingChangeRateLimits(db, config.customerBookingChanges, (_req, res, message) => {
    res.json({ message });
  });

  route(schedulingOperations.listQuoteSlots, async (req, res) => {
    res.json(await customerSlots(db, req.params.token, req.query, timeZone, now()));
  });

  route(schedulingOperations.bookQuote, metered, async (req, res) => {
    await answerOrOfferSlots(db, timeZone, res, async () => {
      const link = quotePageUrl(config, req.params.token);
      const { booking, created } = await bookFromQuote(db, req.params.token, req.body, timeZone, now(), link);
      res.status(created ? 201 : 200).json({ booking });
    });
  });

  route(schedulingOperations.rescheduleQuoteBooking, metered, async (req, res) => {
    await answerOrOfferSlots(db, timeZone, res, async () => {
      const link = quotePageUrl(config, req.params.token);
      const { booking } = await rescheduleFromQuote(db, req.params.token, req.body.start, timeZone, now(), link);
      res.json({ booking });
    });
  });

  route(schedulingOperations.skipQuoteVisit, metered, async (req, res) => {
    const link = quotePageUrl(config, req.params.token);
    const booking = await skipVisitFromQuote(db, req.params.token, req.params.id, timeZone, now(), link);
    res.json({ booking });
  });

  route(schedulingOperations.cancelQuoteBooking, metered, async (req, res) => {
    const link = quotePageUrl(config, req.params.token);
    const { booking } = await cancelFromQuote(db, req.params.token, timeZone, now(), link);
    res.json({ booking });
  });

  return router;
}

/** /api/admin/visits: the Schedule. */
export function visitsRouter(deps: SchedulingDeps & Pick<AppDeps, 'logger'>): Router {
  const { db, config, now, logger } = deps;
  const stripe = createStripeClient(config);
  const { router, route } = operationRouter('/api/admin/visits');
  const timeZone = config.businessTimeZone;

  route(schedulingOperations.listVisits, async (req, res) => {
    res.json({ items: await listVisits(db, new Date(req.query.from), new Date(req.query.to), timeZone) });
  });

  route(schedulingOperations.updateVisit, async (req, res) => {
    const user = sessionUser(req);
    const change = await updateVisit(db, user.id, req.params.id, req.body, timeZone, now());
    // The card on file charged for the new invoice after the commit; a failure here is the sweep's to retry.
    if (change.completed && stripe) {
      await chargeVisitNow(db, stripe, change.visit.id, now(), timeZone).catch((err: unknown) =>
        logger.error({ err, visitId: change.visit.id }, 'charging the card on file failed; the sweep tries again'),
      );
    }
    res.json(change.visit);
  });

  return router;
}

/** /api/admin/leads/{id}/booking and /slots: the lead's booking, its free windows, and staff booking it by hand. */
export function leadBookingRouter(deps: SchedulingDeps): Router {
  const { db, config, now } = deps;
  const { router, route } = operationRouter('/api/admin/leads');
  const timeZone = config.businessTimeZone;

  route(schedulingOperations.getLeadBooking, async (req, res) => {
    res.json({ booking: await activeBookingOfLead(db, req.params.id, timeZone, now()) });
  });

  route(schedulingOperations.listLeadSlots, async (req, res) => {
    res.json(await leadSlots(db, req.params.id, req.query, timeZone, now()));
  });

  route(schedulingOperations.bookLead, async (req, res) => {
    await answerOrOfferSlots(db, timeZone, res, async () => {
      const user = sessionUser(req);
      const booking = await bookForLead(db, user.id, req.params.id, req.body, timeZone, now());
      res.status(201).json({ booking });
    });
  });

  route(schedulingOperations.cancelLeadBooking, async (req, res) => {
    await cancelByStaff(req, res, (actorId) => cancelBookingOfLead(db, actorId, req.params.id, timeZone, now()));
  });

  return router;
}

/**
 * Staff cancel a whole booking, named by its lead or by itself: one path for both, the customer
 * e-mailed the cancellation with its calendar file.
 */
async function cancelByStaff(
  req: Request,
  res: Response,
  cancel: (actorId: string) => Promise<BookingCancellation>,
): Promise<void> {
  const { booking } = await cancel(sessionUser(req).id);
  res.json({ booking });
}

/** /api/admin/bookings/{id}: staff cancel a booking by its id. */
export function bookingsRouter(deps: SchedulingDeps): Router {
  const { db, config, now } = deps;
  const { router, route } = operationRouter('/api/admin/bookings');
  const timeZone = config.businessTimeZone;

  route(schedulingOperations.cancelBooking, async (req, res) => {
    await cancelByStaff(req, res, (actorId) => cancelBookingById(db, actorId, req.params.id, timeZone, now()));
  });

  return router;
}

/** /api/admin/settings/scheduling (app.ts lets every role read it and only admins write it). */
export function schedulingSettingsRouter({ db, now }: Pick<SchedulingDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/settings/scheduling');

  route(schedulingOperations.getSchedulingSettings, async (_req, res) => {
    res.json(await getSchedulingSettings(db));
  });

  route(schedulingOperations.saveSchedulingSettings, async (req, res) => {
    res.json(await saveSchedulingSettings(db, sessionUser(req).id, req.body, now()));
  });

  return router;
}

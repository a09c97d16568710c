// Scheduling's calls: the customer's by the quote link (/api/quotes/{token}/slots and /booking; app.ts
// puts the link's rate limit and the small JSON body in front), staff's Schedule (/api/admin/visits),
// booking a lead by hand (/api/admin/leads/{id}/booking) and the settings
// (/api/admin/settings/scheduling: every role reads them, admins change them).
import {
  type BookingAnswer,
  type AdminVisitList,
  bookingRequestSchema,
  type LeadBooking,
  type SlotList,
  type SlotTaken,
  slotsQuerySchema,
  visitIdParamsSchema,
  visitListQuerySchema,
  visitUpdateSchema,
} from '@shine/shared/bookings';
import { idParamsSchema } from '@shine/shared/leads';
import { quoteTokenParamsSchema } from '@shine/shared/quotes';
import { type SchedulingSettings, schedulingSettingsSchema } from '@shine/shared/scheduling';
import { type Request, type Response, Router } from 'express';
import type { Knex } from 'knex';
import { sessionUser } from '../http/auth-guard.ts';
import { quoteUrlOf } from '../quotes/customer-quotes.service.ts';
import { noStore } from '../http/cache-control.ts';
import { validate } from '../http/validate.ts';
import { getSchedulingSettings, saveSchedulingSettings } from '../settings/scheduling-settings.service.ts';
import {
  activeBookingOfLead,
  alternativeSlots,
  bookForLead,
  bookFromQuote,
  cancelFromQuote,
  customerSlots,
  listVisits,
  rescheduleFromQuote,
  SlotRefusedError,
  updateVisit,
} from './scheduling.service.ts';

import { type BookingMailDeps, emailBooking } from './booking-email.ts';

type SchedulingDeps = BookingMailDeps;

/** The customer's quote page: PUBLIC_ORIGIN, or (development, where it may be unset) this request's origin. */
export function quotePageUrl(req: Request, publicOrigin: string | undefined, token: string): string {
  return quoteUrlOf(publicOrigin ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`, token);
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
  const router = Router();
  const timeZone = config.businessTimeZone;
  router.use(noStore);

  router.get(
    '/:token/slots',
    validate({ params: quoteTokenParamsSchema, query: slotsQuerySchema }),
    async (req, res) => {
      const body: SlotList = await customerSlots(db, req.params.token, req.query, timeZone, now());
      res.json(body);
    },
  );

  router.post(
    '/:token/booking',
    validate({ params: quoteTokenParamsSchema, body: bookingRequestSchema }),
    async (req, res) => {
      await answerOrOfferSlots(db, timeZone, res, async () => {
        const { booking, created } = await bookFromQuote(db, req.params.token, req.body.start, timeZone, now());
        const link = quotePageUrl(req, config.publicOrigin, req.params.token);
        if (created) await emailBooking(deps, { booking, kind: 'booked', link });
        const body: BookingAnswer = { booking };
        res.status(created ? 201 : 200).json(body);
      });
    },
  );

  router.patch(
    '/:token/booking',
    validate({ params: quoteTokenParamsSchema, body: bookingRequestSchema }),
    async (req, res) => {
      await answerOrOfferSlots(db, timeZone, res, async () => {
        const { booking, changed } = await rescheduleFromQuote(db, req.params.token, req.body.start, timeZone, now());
        const link = quotePageUrl(req, config.publicOrigin, req.params.token);
        if (changed) await emailBooking(deps, { booking, kind: 'rescheduled', link });
        const body: BookingAnswer = { booking };
        res.json(body);
      });
    },
  );

  router.delete('/:token/booking', validate({ params: quoteTokenParamsSchema }), async (req, res) => {
    const body: BookingAnswer = { booking: await cancelFromQuote(db, req.params.token, timeZone, now()) };
    res.json(body);
  });

  return router;
}

/** /api/admin/visits: the Schedule. */
export function visitsRouter(deps: SchedulingDeps): Router {
  const { db, config, now } = deps;
  const router = Router();
  const timeZone = config.businessTimeZone;

  router.get('/', validate({ query: visitListQuerySchema }), async (req, res) => {
    const items = await listVisits(db, new Date(req.query.from), new Date(req.query.to), timeZone);
    const body: AdminVisitList = { items };
    res.json(body);
  });

  router.patch('/:id', validate({ params: visitIdParamsSchema, body: visitUpdateSchema }), async (req, res) => {
    const user = sessionUser(req);
    const change = await updateVisit(db, user.id, req.params.id, req.body, timeZone, now());
    // The customer hears of a move (the new times and the calendar file).
    if (change.moved && change.booking) {
      await emailBooking(deps, {
        booking: change.booking,
        kind: 'moved',
        actor: { id: user.id, username: user.username },
      });
    }
    res.json(change.visit);
  });

  return router;
}

/** /api/admin/leads/{id}/booking: the lead's booking, and staff booking it by hand. */
export function leadBookingRouter(deps: SchedulingDeps): Router {
  const { db, config, now } = deps;
  const router = Router();
  const timeZone = config.businessTimeZone;

  router.get('/:id/booking', validate({ params: idParamsSchema }), async (req, res) => {
    const body: LeadBooking = { booking: await activeBookingOfLead(db, req.params.id, timeZone, now()) };
    res.json(body);
  });

  router.post('/:id/booking', validate({ params: idParamsSchema, body: bookingRequestSchema }), async (req, res) => {
    await answerOrOfferSlots(db, timeZone, res, async () => {
      const user = sessionUser(req);
      const booking = await bookForLead(db, user.id, req.params.id, req.body.start, timeZone, now());
      await emailBooking(deps, { booking, kind: 'booked', actor: { id: user.id, username: user.username } });
      const body: BookingAnswer = { booking };
      res.status(201).json(body);
    });
  });

  return router;
}

/** /api/admin/settings/scheduling (app.ts lets every role read it and only admins write it). */
export function schedulingSettingsRouter({ db, now }: Pick<SchedulingDeps, 'db' | 'now'>): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const body: SchedulingSettings = await getSchedulingSettings(db);
    res.json(body);
  });

  router.put('/', validate({ body: schedulingSettingsSchema }), async (req, res) => {
    const body: SchedulingSettings = await saveSchedulingSettings(db, sessionUser(req).id, req.body, now());
    res.json(body);
  });

  return router;
}

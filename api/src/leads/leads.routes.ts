import { buildExportFileName, exportRequestSchema } from '@shine/shared/export';
import { idParamsSchema, leadListQuerySchema, leadStatusUpdateSchema, leadUpdateSchema } from '@shine/shared/leads';
import { quoteIntakeSchema } from '@shine/shared/quote';
import type { LeadPage } from '@shine/shared/types';
import { Router } from 'express';
import { ignoreLeadEvents } from '../automations/lead-events.ts';
import { readDataVersions } from '../db/data-versions.ts';
import type { AppDeps } from '../deps.ts';
import { answerIfFresh, digest, weakEtag } from '../http/conditional.ts';
import { createEtagMemo } from '../http/etag-memo.ts';
import { leadsRateLimit } from '../http/rate-limits.ts';
import { sendStream } from '../http/send-stream.ts';
import { validate } from '../http/validate.ts';
import { exportLeads } from './leads-export.ts';
import { countExportRows, streamLeadsCsv } from './leads-export-stream.ts';
import { receiveQuote, recordRejection } from './lead-intake.service.ts';
import { changeLeadStatus, getLead, listLeads, updateLead } from './leads.service.ts';

/**
 * POST /api/leads (public): the quote form. Every accepted body answers 201 with a lead-shaped body,
 * whether it made a lead, was merged into an open one or was rejected as spam (see lead-intake.service.ts).
 */
export function publicLeadsRouter({
  db,
  config,
  now,
  leadEvents = ignoreLeadEvents,
}: Pick<AppDeps, 'db' | 'config' | 'now' | 'leadEvents'>): Router {
  const router = Router();
  const clock = () => ({ now: now(), timeZone: config.businessTimeZone });
  router.post(
    '/',
    leadsRateLimit(db, config.rateLimitLeadsPerMinute, () => recordRejection(db, 'rate_limited', clock())),
    validate({ body: quoteIntakeSchema }),
    async (req, res) => {
      const outcome = await receiveQuote(db, req.body, clock());
      // Only a new lead row is news for automations: not a merged repeat, never spam.
      if (outcome.kind === 'created') leadEvents.leadCreated(outcome.lead.id, outcome.eventId);
      res.status(201).json(outcome.answer);
    },
  );
  return router;
}

/** How many distinct list pages (filter, sort, page) a process remembers; ~50 leads each. */
const LIST_MEMO_ENTRIES = 100;

/** /api/admin/leads: the CRM's lead table, drawer, status dropdown and export. */
export function adminLeadsRouter({ db, leadEvents = ignoreLeadEvents }: Pick<AppDeps, 'db' | 'leadEvents'>): Router {
  const router = Router();

  // Pages recently served, by ETag (see http/etag-memo.ts): an unchanged page is not recounted.
  const pages = createEtagMemo<LeadPage>(LIST_MEMO_ENTRIES);

  router.get('/', validate({ query: leadListQuerySchema }), async (req, res) => {
    const { leads } = await readDataVersions(db, ['leads']);
    const etag = weakEtag('leads', leads, digest(req.query));
    if (answerIfFresh(req, res, etag)) return;
    res.json(await pages.get(etag, () => listLeads(db, req.query)));
  });

  router.post('/export', validate({ body: exportRequestSchema }), async (req, res) => {
    // Large CSV exports stream (Accept: text/csv); the JSON envelope holds the whole file in memory.
    if (req.body.format === 'csv' && req.accepts(['application/json', 'text/csv']) === 'text/csv') {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${buildExportFileName('csv')}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Export-Count', String(await countExportRows(db, req.body)));
      await sendStream(res, streamLeadsCsv(db, req.body));
      return;
    }
    res.json(await exportLeads(db, req.body));
  });

  router.get('/:id', validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await getLead(db, req.params.id));
  });

  router.patch('/:id', validate({ params: idParamsSchema, body: leadUpdateSchema }), async (req, res) => {
    res.json(await updateLead(db, req.params.id, req.body));
  });

  router.patch('/:id/status', validate({ params: idParamsSchema, body: leadStatusUpdateSchema }), async (req, res) => {
    const { lead, eventId } = await changeLeadStatus(db, req.params.id, req.body.status, { recordEvent: true });
    if (eventId) leadEvents.statusChanged(lead.id, eventId);
    res.json(lead);
  });

  return router;
}

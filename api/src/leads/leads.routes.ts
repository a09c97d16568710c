import { buildExportFileName, exportRequestSchema } from '@shine/shared/export';
import { idParamsSchema, leadListQuerySchema, leadStatusUpdateSchema, leadUpdateSchema } from '@shine/shared/leads';
import { quoteSubmissionSchema } from '@shine/shared/quote';
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
import {
  buildDecoyLead,
  changeLeadStatus,
  createLeadFromQuote,
  getLead,
  isHoneypotFilled,
  listLeads,
  updateLead,
} from './leads.service.ts';

/** POST /api/leads (public): the quote form. */
export function publicLeadsRouter({
  db,
  config,
  now,
  leadEvents = ignoreLeadEvents,
}: Pick<AppDeps, 'db' | 'config' | 'now' | 'leadEvents'>): Router {
  const router = Router();
  router.post(
    '/',
    leadsRateLimit(db, config.rateLimitLeadsPerMinute),
    validate({ body: quoteSubmissionSchema }),
    async (req, res) => {
      if (isHoneypotFilled(req.body)) {
        res.status(201).json(buildDecoyLead(req.body, now()));
        return;
      }
      const lead = await createLeadFromQuote(db, req.body);
      leadEvents.leadCreated(lead.id);
      res.status(201).json(lead);
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
    const { lead, previousStatus } = await changeLeadStatus(db, req.params.id, req.body.status);
    if (previousStatus !== lead.status) leadEvents.statusChanged(lead.id, previousStatus, lead.status);
    res.json(lead);
  });

  return router;
}

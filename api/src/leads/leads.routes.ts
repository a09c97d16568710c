import { buildExportFileName } from '@shine/shared/export';
import { leadOperations } from '@shine/shared/operations/leads';
import { publicOperations } from '@shine/shared/operations/public';
import type { AnswerBodyOf } from '@shine/shared/operations/operation';
import type { Response, Router } from 'express';
import { readDataVersions } from '../db/data-versions.ts';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { answerIfFresh, digest, weakEtag } from '../http/conditional.ts';
import { createEtagMemo } from '../http/etag-memo.ts';
import { leadsRateLimit } from '../http/rate-limits.ts';
import { sendStream } from '../http/send-stream.ts';
import { operationRouter } from '../http/route.ts';
import { leadHistory } from '../audit/index.ts';
import { userNames } from '../auth/index.ts';
import { recordLeadExport, streamExportEnvelope } from './leads-export.ts';
import { countExportRows, streamLeadsCsv } from './leads-export-stream.ts';
import {
  listHeldSubmissions,
  releaseHeldSubmission,
  removeHeldSubmission,
  showHeldClientAddress,
} from './held-submissions.service.ts';
import { receiveQuoteRequest, recordRejection } from './lead-intake.service.ts';
import { enterLeadByStaff } from './staff-lead-entry.service.ts';
import { isRepeatable, resolveLeadFilter } from './lead-filter.ts';
import { type LeadTotal, listLeads } from './lead-list.service.ts';
import { createPageMaps } from './lead-page-map.ts';
import { applyRequestDetails, dismissRequestDetails, getLeadDetail } from './lead-requests.service.ts';
import { splitRequest } from './split-request.service.ts';
import { logCallByStaff } from './lead-calls.service.ts';
import {
  assertLeadExists,
  assignLeadsByStaff,
  changeLeadStatusByStaff,
  leadNames,
  updateLead,
} from './leads.service.ts';
import { setServiceAddressByStaff } from './service-address.service.ts';

/** What a held submission keeps of its client's user agent. */
const USER_AGENT_MAX = 500;

/**
 * POST /api/leads (public): the quote form. Every accepted body answers 201 with a lead-shaped body,
 * whether it made a lead, was kept on an open one or was held for review (see lead-intake.service.ts).
 */
export function publicLeadsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/leads');
  const clock = () => ({ now: now(), timeZone: config.businessTimeZone });
  route(
    publicOperations.receiveQuoteRequest,
    [leadsRateLimit(db, config.rateLimitLeadsPerMinute, () => recordRejection(db, 'rate_limited', clock()))],
    async (req, res) => {
      const outcome = await receiveQuoteRequest(db, req.body, clock(), {
        clientIp: req.ip ?? null,
        userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
      });
      res.status(201).json(outcome.answer);
    },
  );
  return router;
}

/** How many distinct list pages (filter, sort, page) a process remembers; ~50 leads each. */
const LIST_MEMO_ENTRIES = 100;

/** /api/admin/leads: the CRM's lead table, drawer, status dropdown and export. */
export function adminLeadsRouter({ db, now, config }: Pick<AppDeps, 'db' | 'now' | 'config'>): Router {
  const { router, route } = operationRouter('/api/admin/leads');
  const clock = () => ({ now: now(), timeZone: config.businessTimeZone });

  // Pages recently served, by ETag (see http/etag-memo.ts), as the bytes sent: an unchanged page is
  // neither recounted nor serialised and encoded again.
  const pages = createEtagMemo<Buffer>(LIST_MEMO_ENTRIES);
  // Totals by filter and leads version: every page of a filter, in any sort, shares one count.
  const totals = createEtagMemo<LeadTotal>(LIST_MEMO_ENTRIES);
  // Page maps by filter, sort and leads version: a deep page by number is a seek, not a walk.
  const pageMaps = createPageMaps();

  route(leadOperations.listLeads, async (req, res) => {
    // "Mine" is resolved before the tag: two people asking for their own leads see different pages.
    const query = resolveLeadFilter(req.query, sessionUser(req).id, clock());
    // Users too: the list shows assignees' names, so a rename is a new version of every page.
    const versions = await readDataVersions(db, ['leads', 'users']);
    const etag = weakEtag('leads', versions.leads, versions.users, digest(query));
    if (answerIfFresh(req, res, etag)) return;
    // A filter resolved against the clock is read afresh: remembered, it would only push out pages
    // and totals that are asked for again.
    const repeatable = isRepeatable(query);
    const { search, status, priority, assignedTo, source } = query;
    const totalTag = repeatable
      ? weakEtag('leads-total', versions.leads, digest({ search, status, priority, assignedTo, source }))
      : undefined;
    const total = (count: () => Promise<LeadTotal>) => (totalTag ? totals.get(totalTag, count) : count());
    // The page's JSON (typed by the entry where it is built: listLeads answers a LeadPage), kept as
    // the bytes sent, so the response is written untyped.
    const read = async () => {
      const page: AnswerBodyOf<typeof leadOperations.listLeads> = await listLeads(db, query, { total, pageMaps });
      return Buffer.from(JSON.stringify(page));
    };
    const body = repeatable ? await pages.get(etag, read) : await read();
    (res as Response).type('json').send(body);
  });

  // A lead entered by hand: a match is answered (409) for staff to choose, never merged silently.
  route(leadOperations.createLead, async (req, res) => {
    const outcome = await enterLeadByStaff(db, req.body, sessionUser(req).id, clock());
    if (outcome.kind === 'matched') {
      const [first] = outcome.matches;
      const message = `${first?.name} already has a lead (${first?.status})`;
      res.status(409).json({ message, matches: outcome.matches });
      return;
    }
    res.status(outcome.kind === 'created' ? 201 : 200).json({ lead: outcome.lead });
  });

  route(leadOperations.exportLeads, async (req, res) => {
    const actorId = sessionUser(req).id;
    const { filter, ...rest } = req.body;
    // One moment and the company's time zone: the filter's, the CSV's wall clock and "next visit".
    const context = clock();
    const request = { ...rest, filter: filter && resolveLeadFilter(filter, actorId, context) };
    // A CSV asked for as a file (Accept: text/csv) streams bare, with its count in a header.
    if (req.body.format === 'csv' && req.accepts(['application/json', 'text/csv']) === 'text/csv') {
      const count = await countExportRows(db, request);
      await recordLeadExport(db, actorId, req.body, count);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${buildExportFileName('csv')}"`);
      res.setHeader('X-Export-Count', String(count));
      await sendStream(res, streamLeadsCsv(db, request, context));
      return;
    }
    // The envelope streams too: its `content` is written batch by batch, its `count` last.
    res.type('json');
    await sendStream(
      res,
      streamExportEnvelope(db, request, context, (count) => recordLeadExport(db, actorId, req.body, count)),
    );
  });

  route(leadOperations.assignLeads, async (req, res) => {
    const updated = await assignLeadsByStaff(db, sessionUser(req).id, req.body.ids, req.body.assignedTo);
    res.json({ updated });
  });

  route(leadOperations.getLeadHistory, async (req, res) => {
    await assertLeadExists(db, req.params.id);
    res.json({ items: await leadHistory(db, req.params.id, { people: userNames, leads: leadNames }) });
  });

  route(leadOperations.getLead, async (req, res) => {
    res.json(await getLeadDetail(db, req.params.id));
  });

  // "Details differ": take the request's details (who, home and service), or keep the lead's.
  const decisions = [
    [leadOperations.applyRequestDetails, applyRequestDetails],
    [leadOperations.dismissRequestDetails, dismissRequestDetails],
  ] as const;
  for (const [operation, decide] of decisions) {
    route(operation, async (req, res) => {
      const { id: leadId, requestId } = req.params;
      res.json(await decide(db, { leadId, requestId, userId: sessionUser(req).id, now: now() }));
    });
  }

  // "This is a different person": the request becomes a lead of its own.
  route(leadOperations.splitRequest, async (req, res) => {
    const { id: leadId, requestId } = req.params;
    const decision = { leadId, requestId, userId: sessionUser(req).id, now: now(), timeZone: config.businessTimeZone };
    res.status(201).json(await splitRequest(db, decision));
  });

  route(leadOperations.updateLead, async (req, res) => {
    res.json(await updateLead(db, sessionUser(req).id, req.params.id, req.body));
  });

  route(leadOperations.setServiceAddress, async (req, res) => {
    res.json(await setServiceAddressByStaff(db, sessionUser(req).id, req.params.id, req.body.address));
  });

  route(leadOperations.logCall, async (req, res) => {
    const user = sessionUser(req);
    res.status(201).json(await logCallByStaff(db, user.id, req.params.id, req.body, now(), config.businessTimeZone));
  });

  route(leadOperations.changeLeadStatus, async (req, res) => {
    const { lead } = await changeLeadStatusByStaff(db, sessionUser(req).id, req.params.id, req.body);
    res.json(lead);
  });

  return router;
}

/** /api/admin/held-submissions: quote requests a spam rule held, for staff to release or delete. */
export function heldSubmissionsRouter({ db, config }: Pick<AppDeps, 'db' | 'config'>): Router {
  const { router, route } = operationRouter('/api/admin/held-submissions');

  route(leadOperations.listHeldSubmissions, async (req, res) => {
    res.json(await listHeldSubmissions(db, req.query, sessionUser(req).role));
  });

  // Admins only (app.ts mounts requireRole('admin') on this path).
  route(leadOperations.showHeldClientAddress, async (req, res) => {
    res.json(await showHeldClientAddress(db, sessionUser(req).id, req.params.id));
  });

  route(leadOperations.releaseHeldSubmission, async (req, res) => {
    const released = await releaseHeldSubmission(db, sessionUser(req).id, req.params.id, config.businessTimeZone);
    res.status(201).json(released.lead);
  });

  route(leadOperations.deleteHeldSubmission, async (req, res) => {
    await removeHeldSubmission(db, sessionUser(req).id, req.params.id);
    res.status(204).end();
  });

  return router;
}

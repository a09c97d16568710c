import { automationOperations } from '@shine/shared/operations/automations';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { operationRouter } from '../http/route.ts';
import { describeArrival } from '../scheduling/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { previewTemplateEmail } from './template-email.service.ts';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service.ts';

/** /api/admin/templates */
const HOUR_MS = 3_600_000;

export function templatesRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/templates');

  // Before /:id. The unsubscribe link of the preview is a link of no lead: it opens the page that
  // says the link is not valid.
  route(automationOperations.previewTemplate, async (req, res) => {
    const { name, subject, content } = req.body;
    res.json(
      await previewTemplateEmail(
        { name: name ?? 'Preview', subject: subject ?? null, content },
        await getCompanyDetails(db),
        `${linkOriginOf(config)}/u/preview`,
        // The example visit: a two-hour window starting on the hour, a day from now.
        exampleArrival(now(), config.businessTimeZone),
      ),
    );
  });

  route(automationOperations.listTemplates, async (_req, res) => {
    res.json(await listTemplates(db));
  });

  route(automationOperations.createTemplate, async (req, res) => {
    res.status(201).json(await createTemplate(db, req.body, sessionUser(req).id));
  });

  route(automationOperations.updateTemplate, async (req, res) => {
    res.json(await updateTemplate(db, req.params.id, req.body, sessionUser(req).id));
  });

  route(automationOperations.deleteTemplate, async (req, res) => {
    await deleteTemplate(db, req.params.id, sessionUser(req).id);
    res.status(204).end();
  });

  return router;
}

function exampleArrival(at: Date, timeZone: string): string {
  const start = Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS + 24 * HOUR_MS;
  return describeArrival(new Date(start), new Date(start + 2 * HOUR_MS), timeZone);
}

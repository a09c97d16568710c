import { idParamsSchema } from '@shine/shared/leads';
import type { TemplatePreviewResult } from '@shine/shared/responses/templates';
import { templateCreateSchema, templatePreviewSchema, templateUpdateSchema } from '@shine/shared/templates';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { publicOriginOf } from '../http/public-origin.ts';
import { validate } from '../http/validate.ts';
import { describeArrival } from '../scheduling/scheduling.service.ts';
import { getCompanyDetails } from '../settings/company-details.service.ts';
import { previewTemplateEmail } from './template-email.service.ts';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service.ts';

/** /api/admin/templates */
const HOUR_MS = 3_600_000;

export function templatesRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();

  // Before /:id. The unsubscribe link of the preview is a link of no lead: it opens the page that
  // says the link is not valid.
  router.post('/preview', validate({ body: templatePreviewSchema }), async (req, res) => {
    const { name, subject, content } = req.body;
    const rendered = await previewTemplateEmail(
      { name: name ?? 'Preview', subject: subject ?? null, content },
      await getCompanyDetails(db),
      `${publicOriginOf(req, config.publicOrigin)}/u/preview`,
      // The example visit: a two-hour window starting on the hour, a day from now.
      exampleArrival(now(), config.businessTimeZone),
    );
    const body: TemplatePreviewResult = rendered;
    res.json(body);
  });

  router.get('/', async (_req, res) => {
    res.json(await listTemplates(db));
  });

  router.post('/', validate({ body: templateCreateSchema }), async (req, res) => {
    res.status(201).json(await createTemplate(db, req.body, sessionUser(req).id));
  });

  router.patch('/:id', validate({ params: idParamsSchema, body: templateUpdateSchema }), async (req, res) => {
    res.json(await updateTemplate(db, req.params.id, req.body, sessionUser(req).id));
  });

  router.delete('/:id', validate({ params: idParamsSchema }), async (req, res) => {
    await deleteTemplate(db, req.params.id, sessionUser(req).id);
    res.status(204).end();
  });

  return router;
}

function exampleArrival(at: Date, timeZone: string): string {
  const start = Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS + 24 * HOUR_MS;
  return describeArrival(new Date(start), new Date(start + 2 * HOUR_MS), timeZone);
}

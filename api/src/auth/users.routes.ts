import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { idParamsSchema } from '@shine/shared/leads';
import { ownSettingsSchema, userCreateSchema, userUpdateSchema } from '@shine/shared/team';
import type { AssigneeList, SetupLink, TeamUserList, UserCreated } from '@shine/shared/types';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { publicOriginOf } from '../http/public-origin.ts';
import { validate } from '../http/validate.ts';
import { emailSetupLink, type SendEmail } from './setup-link-email.ts';
import { setupUrlOf } from './setup-links.ts';
import { resetSetupLink } from './setup-password.service.ts';
import {
  createTeamUser,
  listAssignees,
  listTeam,
  type OpenLeadCounts,
  updateOwnSettings,
  updateTeamUser,
} from './users.service.ts';

export interface TeamDeps extends Pick<AppDeps, 'db' | 'config' | 'logger' | 'now'> {
  openLeadCounts: OpenLeadCounts;
  /** undefined: no SMTP, set-up links are only shown to the admin. */
  sendEmail: SendEmail | undefined;
  /** The name and address the e-mail's footer shows (the settings feature's, wired by app.ts: settings read auth). */
  companyDetails: () => Promise<CompanyDetailsSettings>;
}

/** /api/admin/users (app.ts mounts it behind requireRole('admin')). */
export function usersRouter({ db, config, logger, now, openLeadCounts, sendEmail, companyDetails }: TeamDeps): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const body: TeamUserList = { items: await listTeam(db, now(), openLeadCounts) };
    res.json(body);
  });

  router.post('/', validate({ body: userCreateSchema }), async (req, res) => {
    const { user, token, expiresAt } = await createTeamUser(db, req.body, sessionUser(req).id, now(), openLeadCounts);
    const setupUrl = setupUrlOf(publicOriginOf(req, config.publicOrigin), token);
    const emailed = await emailSetupLink(sendEmail, logger, user, setupUrl, companyDetails);
    const body: UserCreated = { user, setupUrl, expiresAt: expiresAt.toISOString(), emailed };
    res.status(201).json(body);
  });

  router.patch('/:id', validate({ params: idParamsSchema, body: userUpdateSchema }), async (req, res) => {
    res.json(await updateTeamUser(db, req.params.id, req.body, sessionUser(req).id, now(), openLeadCounts));
  });

  router.post('/:id/reset', validate({ params: idParamsSchema }), async (req, res) => {
    const link = await resetSetupLink(db, req.params.id, sessionUser(req).id, now());
    const setupUrl = setupUrlOf(publicOriginOf(req, config.publicOrigin), link.token);
    await emailSetupLink(sendEmail, logger, link, setupUrl, companyDetails);
    const body: SetupLink = { setupUrl, expiresAt: link.expiresAt.toISOString() };
    res.json(body);
  });

  return router;
}

/** PATCH /api/admin/me and GET /api/admin/assignees: any signed-in staff member. */
export function teamRouter({ db, now, openLeadCounts }: TeamDeps): Router {
  const router = Router();

  router.patch('/me', validate({ body: ownSettingsSchema }), async (req, res) => {
    res.json(await updateOwnSettings(db, sessionUser(req).id, req.body, now(), openLeadCounts));
  });

  router.get('/assignees', async (_req, res) => {
    const body: AssigneeList = { items: await listAssignees(db) };
    res.json(body);
  });

  return router;
}

import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { teamOperations } from '@shine/shared/operations/team';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { operationRouter } from '../http/route.ts';
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
  const { router, route } = operationRouter('/api/admin/users');

  route(teamOperations.listUsers, async (_req, res) => {
    res.json({ items: await listTeam(db, now(), openLeadCounts) });
  });

  route(teamOperations.createUser, async (req, res) => {
    const { user, token, expiresAt } = await createTeamUser(db, req.body, sessionUser(req).id, now(), openLeadCounts);
    const setupUrl = setupUrlOf(linkOriginOf(config), token);
    const emailed = await emailSetupLink(sendEmail, logger, user, setupUrl, companyDetails);
    res.status(201).json({ user, setupUrl, expiresAt: expiresAt.toISOString(), emailed });
  });

  route(teamOperations.updateUser, async (req, res) => {
    res.json(await updateTeamUser(db, req.params.id, req.body, sessionUser(req).id, now(), openLeadCounts));
  });

  route(teamOperations.resetUserSetupLink, async (req, res) => {
    const link = await resetSetupLink(db, req.params.id, sessionUser(req).id, now());
    const setupUrl = setupUrlOf(linkOriginOf(config), link.token);
    await emailSetupLink(sendEmail, logger, link, setupUrl, companyDetails);
    res.json({ setupUrl, expiresAt: link.expiresAt.toISOString() });
  });

  return router;
}

/** PATCH /api/admin/me and GET /api/admin/assignees: any signed-in staff member. */
export function teamRouter({ db, now, openLeadCounts }: TeamDeps): Router {
  const { router, route } = operationRouter('/api/admin');

  route(teamOperations.updateOwnSettings, async (req, res) => {
    res.json(await updateOwnSettings(db, sessionUser(req).id, req.body, now(), openLeadCounts));
  });

  route(teamOperations.listAssignees, async (_req, res) => {
    res.json({ items: await listAssignees(db) });
  });

  return router;
}

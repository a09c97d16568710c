// /api/admin/settings (app.ts mounts it behind requireRole('admin')): the company's settings.
import { settingsOperations } from '@shine/shared/operations/settings';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { getCompanyDetails, saveCompanyDetails } from './company-details.service.ts';
import { getLeadAlertSettings, leadAlertSettingsView, saveLeadAlertSettings } from './settings.service.ts';

export function settingsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/settings');
  const configured = { sms: config.automations.sms !== undefined, email: config.automations.smtpUrl !== undefined };

  route(settingsOperations.getLeadAlertSettings, async (_req, res) => {
    res.json(await leadAlertSettingsView(db, await getLeadAlertSettings(db), configured, now()));
  });

  route(settingsOperations.saveLeadAlertSettings, async (req, res) => {
    const saved = await saveLeadAlertSettings(db, sessionUser(req).id, req.body, now());
    res.json(await leadAlertSettingsView(db, saved, configured, now()));
  });

  route(settingsOperations.getCompanySettings, async (_req, res) => {
    res.json(await getCompanyDetails(db));
  });

  route(settingsOperations.saveCompanySettings, async (req, res) => {
    res.json(await saveCompanyDetails(db, sessionUser(req).id, req.body, now()));
  });

  return router;
}

// /api/admin/settings/lead-alerts (app.ts mounts it behind requireRole('admin')): the speed-to-lead
// alert settings, beside the company's other settings in the CRM's Settings section but served here, where
// they are kept (settings/ may not import speed-to-lead, which imports leads, which read settings).
import { settingsOperations } from '@shine/shared/operations/settings';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import {
  getSpeedToLeadSettings,
  speedToLeadSettingsView,
  saveSpeedToLeadSettings,
} from './speed-to-lead-settings.service.ts';

export function speedToLeadSettingsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/settings/lead-alerts');
  const configured = { sms: config.automations.sms !== undefined, email: config.automations.smtpUrl !== undefined };

  route(settingsOperations.getSpeedToLeadSettings, async (_req, res) => {
    res.json(await speedToLeadSettingsView(db, await getSpeedToLeadSettings(db), configured, now()));
  });

  route(settingsOperations.saveSpeedToLeadSettings, async (req, res) => {
    const saved = await saveSpeedToLeadSettings(db, sessionUser(req).id, req.body, now());
    res.json(await speedToLeadSettingsView(db, saved, configured, now()));
  });

  return router;
}

// /api/admin/settings (app.ts mounts it behind requireRole('admin')): the company's settings.
import { type CompanyDetailsView, companyDetailsSchema } from '@shine/shared/company-settings';
import { type LeadAlertSettingsView, leadAlertSettingsSchema } from '@shine/shared/lead-alerts';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { getCompanyDetails, saveCompanyDetails } from './company-details.service.ts';
import { getLeadAlertSettings, leadAlertSettingsView, saveLeadAlertSettings } from './settings.service.ts';

export function settingsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();
  const configured = { sms: config.automations.sms !== undefined, email: config.automations.smtpUrl !== undefined };

  router.get('/lead-alerts', async (_req, res) => {
    const body: LeadAlertSettingsView = await leadAlertSettingsView(
      db,
      await getLeadAlertSettings(db),
      configured,
      now(),
    );
    res.json(body);
  });

  router.put('/lead-alerts', validate({ body: leadAlertSettingsSchema }), async (req, res) => {
    const saved = await saveLeadAlertSettings(db, sessionUser(req).id, req.body, now());
    const body: LeadAlertSettingsView = await leadAlertSettingsView(db, saved, configured, now());
    res.json(body);
  });

  router.get('/company', async (_req, res) => {
    const body: CompanyDetailsView = await getCompanyDetails(db);
    res.json(body);
  });

  router.put('/company', validate({ body: companyDetailsSchema }), async (req, res) => {
    const body: CompanyDetailsView = await saveCompanyDetails(db, sessionUser(req).id, req.body, now());
    res.json(body);
  });

  return router;
}

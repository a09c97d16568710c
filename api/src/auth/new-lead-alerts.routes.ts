// GET/PATCH /api/admin/me/alerts: the signed-in user's own new-lead alert settings. Stored
// with the user, so they follow the person from the browser to the desktop app.
import { liveOperations } from '@shine/shared/operations/live';
import { operationRouter } from '../http/route.ts';
import { type NewLeadAlertSettings, readNewLeadAlertSettings } from '@shine/shared/new-lead-alerts';
import type { Router } from 'express';
import type { Knex } from 'knex';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { jsonbText } from '../db/jsonb.ts';

async function findSettings(db: Knex, userId: string): Promise<NewLeadAlertSettings> {
  const row = await db('users').where({ id: userId }).first('alert_settings');
  return readNewLeadAlertSettings(row?.alert_settings);
}

export function newLeadAlertsRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/me/alerts');

  route(liveOperations.getAlertSettings, async (req, res) => {
    res.json(await findSettings(db, sessionUser(req).id));
  });

  route(liveOperations.updateAlertSettings, async (req, res) => {
    const userId = sessionUser(req).id;
    // One statement: two windows saving different settings at once both keep theirs.
    await db('users')
      .where({ id: userId })
      .update({
        alert_settings: db.raw('alert_settings || ?::jsonb', [jsonbText(req.body)]) as unknown as NewLeadAlertSettings,
      });
    res.json(await findSettings(db, userId));
  });

  return router;
}

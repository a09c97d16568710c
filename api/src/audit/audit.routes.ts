import { teamOperations } from '@shine/shared/operations/team';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { type AuditNames, listAudit } from './audit.service.ts';

/** /api/admin/audit (app.ts mounts it behind requireRole('admin')): read only, there is no other route. */
export function auditRouter({ db, names }: Pick<AppDeps, 'db'> & { names: AuditNames }): Router {
  const { router, route } = operationRouter('/api/admin/audit');
  route(teamOperations.listAudit, async (req, res) => {
    res.json(await listAudit(db, req.query, names));
  });
  return router;
}

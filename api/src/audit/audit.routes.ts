import { auditQuerySchema } from '@shine/shared/team';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { validate } from '../http/validate.ts';
import { type AuditNames, listAudit } from './audit.service.ts';

/** /api/admin/audit (app.ts mounts it behind requireRole('admin')): read only, there is no other route. */
export function auditRouter({ db, names }: Pick<AppDeps, 'db'> & { names: AuditNames }): Router {
  const router = Router();
  router.get('/', validate({ query: auditQuerySchema }), async (req, res) => {
    res.json(await listAudit(db, req.query, names));
  });
  return router;
}

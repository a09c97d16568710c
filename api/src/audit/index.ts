// What other features use of audit (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { changedFields, leadHistory, leadMakerIdOf, recordAudit } from './audit.service.ts';
export type { AuditChange } from './audit.service.ts';
export { auditSettingChange } from './setting-audit.service.ts';

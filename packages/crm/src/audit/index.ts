// What other features use of the audit trail (docs/architecture.md#crm-features); the section itself is
// a lazy chunk (crm/section-chunks.ts).
export { useLeadHistory } from './audit.hooks.ts';
export { AuditChanges } from './AuditChanges.tsx';
export { describeAuditEntry } from './describe-audit.ts';

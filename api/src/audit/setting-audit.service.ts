// One audit row for a change to a company setting: only the fields whose value changed, before and after.
import type { Knex } from 'knex';
import { recordAudit } from './audit.service.ts';

export async function auditSettingChange<T extends object>(
  trx: Knex.Transaction,
  change: { actorId: string; key: string; before: T; after: T },
): Promise<void> {
  const { before, after } = change;
  // Compared as JSON: some fields are arrays (the on-duty week), which compare by value.
  const changed = (Object.keys(after) as Array<keyof T>).filter(
    (field) => JSON.stringify(after[field]) !== JSON.stringify(before[field]),
  );
  if (changed.length === 0) return;
  await recordAudit(trx, {
    actorId: change.actorId,
    entity: 'settings',
    entityId: change.key,
    action: 'updated',
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  });
}

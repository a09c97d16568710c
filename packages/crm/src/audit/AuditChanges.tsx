import type { AuditEntry } from '@shine/shared/types';
import { detailChanges } from './describe-audit.ts';

/** The changed fields of an audit row as "field: old → new", one per line. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = detailChanges(entry);
  if (changes.length === 0) return null;
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="audit-field">{change.label}:</span> <span>{change.from}</span>{' '}
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">changed to</span> <span>{change.to}</span>
        </li>
      ))}
    </ul>
  );
}

import type { AuditEntry } from '@shine/shared/types';
import { Link } from 'react-router-dom';
import { leadPath } from '../navigation/index.ts';

/** The Leads section with the lead's drawer open (leads/use-lead-in-address.ts reads `?lead=`). */
export function leadDrawerPath(leadId: string): string {
  return leadPath(leadId);
}

/**
 * What an audit row is about, as the API names it: a lead is a link that opens its drawer; a person,
 * rule, template or settings card by its name; an export by its filter in words.
 */
export function AuditSubject({ entry }: { entry: Pick<AuditEntry, 'entity' | 'leadId' | 'subject'> }) {
  if (entry.entity === 'lead' && entry.leadId && entry.subject) {
    return (
      <Link className="audit-subject" to={leadDrawerPath(entry.leadId)}>
        {entry.subject}
      </Link>
    );
  }
  if (entry.entity === 'lead') return <span className="audit-subject muted">a removed lead</span>;
  return entry.subject ? <span className="audit-subject">{entry.subject}</span> : null;
}

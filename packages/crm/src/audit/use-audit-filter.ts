import { AUDIT_ENTITIES, type AuditEntity } from '@shine/shared/enums';
import { useSearchParams } from 'react-router-dom';
import type { AuditFilter } from './audit.hooks.ts';

export const AUDIT_PAGE_SIZE = 50;

const isEntity = (value: string | null): value is AuditEntity =>
  (AUDIT_ENTITIES as readonly string[]).includes(value ?? '');

/**
 * The Audit view's filter lives in the URL (`/crm/audit?leadId=…`), so the drawer's "See in
 * audit" is a plain link and a filtered view can be shared or reloaded.
 */
export function useAuditFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const entity = searchParams.get('entity');
  const page = Number(searchParams.get('page'));
  const filter: AuditFilter = {
    leadId: searchParams.get('leadId') || undefined,
    userId: searchParams.get('userId') || undefined,
    entity: isEntity(entity) ? entity : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: AUDIT_PAGE_SIZE,
  };

  /** Changes one part of the filter; any change but the page's goes back to page 1. */
  const set = (name: 'leadId' | 'userId' | 'entity' | 'page', value: string | number | undefined) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === undefined || value === '' || (name === 'page' && value === 1)) next.delete(name);
      else next.set(name, String(value));
      if (name !== 'page') next.delete('page');
      return next;
    });

  return { filter, set };
}

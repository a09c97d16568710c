// What each audit row is about, named for a reader: the lead, the person, the rule or template, the
// settings, an export's filter; and the people its before and after name by id. One query per kind
// of name for a whole page, each from the feature that owns the table (handed in: audit imports none).
import type { AuditEntry } from '@shine/shared/types';
import type { Knex } from 'knex';
import { type AuditRowWithActor, type NameQuery, selectLastKnownNames, selectNames } from './audit.queries.ts';
import { describeLeadFilter } from './describe-lead-filter.ts';

export interface AuditNames {
  /** auth/users.service.ts `userNames`: actors, people changed, people a setting or a filter names. */
  people: NameQuery;
  leads?: NameQuery;
  automations?: NameQuery;
  templates?: NameQuery;
}

/** The titles of the settings cards in the CRM's Settings section, by their key in company_settings. */
const SETTINGS_TITLES: Record<string, string> = {
  'lead-alerts': 'Speed to lead: on duty and escalation',
  company: 'Company details in e-mails',
  'lost-reasons': 'Lost reasons',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every uuid held in a jsonb value, at any depth (the on-duty week is an array of ids). */
function collectIds(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (UUID.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collectIds(item, into);
  }
}

function idsOf(rows: readonly AuditRowWithActor[], entity: AuditRowWithActor['entity']): string[] {
  const ids = rows.flatMap((row) =>
    row.entity !== entity ? [] : [entity === 'lead' ? (row.lead_id ?? row.entity_id) : row.entity_id],
  );
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
}

const lookup = (db: Knex, names: NameQuery | undefined, ids: string[]) =>
  names ? selectNames(db, names, ids) : Promise.resolve(new Map<string, string>());

/** Names from the owner's table, and for ids it no longer holds (deleted), the name their audit rows last gave. */
async function namesWithRemoved(
  db: Knex,
  names: NameQuery | undefined,
  entity: AuditRowWithActor['entity'],
  ids: string[],
): Promise<Map<string, string>> {
  const current = await lookup(db, names, ids);
  const removed = ids.filter((id) => !current.has(id));
  for (const [id, name] of await selectLastKnownNames(db, entity, removed)) current.set(id, name);
  return current;
}

function exportSubject(row: AuditRowWithActor, people: Map<string, string>): string {
  const after = (row.after && typeof row.after === 'object' ? row.after : {}) as Record<string, unknown>;
  if (typeof after.selected === 'number') {
    return `${after.selected} chosen ${after.selected === 1 ? 'lead' : 'leads'}`;
  }
  return describeLeadFilter(after.filter, (id) => people.get(id), row.actor_name);
}

/** `subject` and `names` for each row, in order. */
export async function nameAuditRows(
  db: Knex,
  rows: readonly AuditRowWithActor[],
  names: AuditNames,
): Promise<Array<Pick<AuditEntry, 'subject' | 'names'>>> {
  const peopleIds = new Set(idsOf(rows, 'user'));
  for (const row of rows) {
    collectIds(row.before, peopleIds);
    collectIds(row.after, peopleIds);
  }
  const [people, leads, automations, templates] = await Promise.all([
    lookup(db, names.people, [...peopleIds]),
    lookup(db, names.leads, idsOf(rows, 'lead')),
    namesWithRemoved(db, names.automations, 'automation', idsOf(rows, 'automation')),
    namesWithRemoved(db, names.templates, 'template', idsOf(rows, 'template')),
  ]);
  return rows.map((row) => {
    const id = row.entity_id ?? '';
    const subject = {
      lead: () => leads.get(row.lead_id ?? id) ?? null,
      user: () => people.get(id) ?? null,
      automation: () => automations.get(id) ?? null,
      template: () => templates.get(id) ?? null,
      settings: () => SETTINGS_TITLES[id] ?? row.entity_id,
      export: () => exportSubject(row, people),
    }[row.entity]();
    const named = new Set<string>();
    collectIds(row.before, named);
    collectIds(row.after, named);
    return {
      subject,
      names: Object.fromEntries(
        [...named].flatMap((personId) => {
          const name = people.get(personId);
          return name === undefined ? [] : [[personId, name]];
        }),
      ),
    };
  });
}

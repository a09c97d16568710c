// Values for jsonb columns. JSON.stringify writes a lone UTF-16 surrogate (text pasted from a broken
// source: "\uD800") as the escape "\ud800", which PostgreSQL's JSON parser refuses, so a staff edit
// holding one would be refused only because its audit row could not be stored. Text columns keep
// such a character as U+FFFD (the driver encodes it that way); strings bound for jsonb are made
// well formed the same way first, so both keep the same text.
import type { Knex } from 'knex';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** JSON text PostgreSQL accepts for any value JSON.stringify accepts. */
export function jsonbText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? item.replace(LONE_SURROGATE, '\uFFFD') : item,
  );
}

/** `value` as a jsonb parameter of a query. */
export function toJsonb(db: Knex, value: unknown): Knex.Raw {
  return db.raw('?::jsonb', [jsonbText(value)]);
}

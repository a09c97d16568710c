// The lead's service address: staff set it in the drawer (PUT /api/admin/leads/{id}/service-address),
// the customer and staff give it with a booking (customer-booking.service.ts, staff-booking.service.ts).
// Every change is audited (`service_address_set`, the address before and after in words) in the
// change's own transaction.
import { formatServiceAddress, type ServiceAddress } from '@shine/shared/service-address';
import { API_ERRORS } from '@shine/shared/messages';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import { toLead, toServiceAddress } from './lead-mapper.ts';
import { findLeadRow, listVisitContactRows, lockLeadRow, updateServiceAddressRow } from './leads.queries.ts';

const wordsOf = (address: ServiceAddress | null) => (address ? formatServiceAddress(address) : null);

const sameAddress = (a: ServiceAddress | null, b: ServiceAddress) =>
  a !== null && a.line1 === b.line1 && a.line2 === b.line2 && a.city === b.city && a.zip === b.zip;

/**
 * Inside the caller's transaction: the lead's service address becomes `address` (audited when it
 * changed; `actorId` null: the customer, by the quote's link). Answers the address the lead had.
 */
export async function saveServiceAddress(
  trx: Knex.Transaction,
  actorId: string | null,
  leadId: string,
  address: ServiceAddress,
): Promise<ServiceAddress | null> {
  const row = await lockLeadRow(trx, leadId);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  const before = toServiceAddress(row);
  if (sameAddress(before, address)) return before;
  await updateServiceAddressRow(trx, leadId, address);
  await recordLeadChanges(trx, [
    leadChange(
      actorId,
      leadId,
      'service_address_set',
      { serviceAddress: wordsOf(before) },
      { serviceAddress: wordsOf(address) },
    ),
  ]);
  return before;
}

/** The lead's service address, or null (404 when there is no such lead). */
export async function serviceAddressOfLead(db: Knex, leadId: string): Promise<ServiceAddress | null> {
  const row = await findLeadRow(db, leadId);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  return toServiceAddress(row);
}

/** PUT /api/admin/leads/{id}/service-address: staff set or change it; answers the lead. */
export async function setServiceAddressByStaff(
  db: Knex,
  actorId: string,
  leadId: string,
  address: ServiceAddress,
): Promise<Lead> {
  return db.transaction(async (trx) => {
    await saveServiceAddress(trx, actorId, leadId, address);
    const row = await findLeadRow(trx, leadId);
    if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
    return toLead(row);
  });
}

/** Where a visit goes and whom the crew calls: a lead's service address and phone. */
export interface VisitContact {
  phone: string;
  address: ServiceAddress | null;
}

/** For the Schedule and My Day: each lead's phone and service address, by lead id. */
export async function visitContactsOfLeads(db: Knex, leadIds: readonly string[]): Promise<Map<string, VisitContact>> {
  const rows = await listVisitContactRows(db, [...new Set(leadIds)]);
  return new Map(rows.map((row) => [row.id, { phone: row.phone, address: toServiceAddress(row) }]));
}

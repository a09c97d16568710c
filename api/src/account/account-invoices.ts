// A signed-in customer's invoice, shown as its pay link shows it (payments/invoice-page.ts): the
// account opens only the invoices of the customer's own leads.
import type { Invoice } from '@shine/shared/responses/payments';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { findInvoice, renderInvoicePage } from '../payments/index.ts';
import { getCompanyDetails } from '../settings/index.ts';

/** The invoice if it is one of the customer's; undefined otherwise (another customer's, none). */
export async function findInvoiceOfCustomer(
  db: Knex,
  leads: readonly Pick<Lead, 'id'>[],
  id: string,
  now: Date,
): Promise<Invoice | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  try {
    const invoice = await findInvoice(db, id, now);
    return leads.some((lead) => lead.id === invoice.leadId) ? invoice : undefined;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

export async function renderCustomerInvoice(db: Knex, invoice: Invoice, timeZone: string): Promise<string> {
  return renderInvoicePage(invoice, { timeZone, company: await getCompanyDetails(db) });
}

// The company's payment settings (GET/PUT /api/admin/settings/payments): the sales tax rate of new
// quotes and of invoices whose booking has no quote, the late-cancellation fee, the card retry days, tips.
import {
  DEFAULT_PAYMENT_SETTINGS,
  type PaymentSettings,
  type PaymentSettingsValue,
  type paymentSettingsSchema,
  paymentSettingsValueOf,
  paymentSettingsViewOf,
} from '@shine/shared/payments';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { auditSettingChange } from '../audit/index.ts';
import { findSettingRow, lockSettingRow, writeSettingRow } from '../db/company-settings.ts';

const PAYMENTS_KEY = 'payments';

function readPayments(stored: unknown): PaymentSettingsValue {
  const value = stored as Partial<PaymentSettingsValue> | undefined;
  if (!value || typeof value !== 'object' || typeof value.taxRateBasisPoints !== 'number') {
    return DEFAULT_PAYMENT_SETTINGS;
  }
  return { ...DEFAULT_PAYMENT_SETTINGS, ...value };
}

export async function getPaymentSettingsValue(db: Knex): Promise<PaymentSettingsValue> {
  return readPayments((await findSettingRow(db, PAYMENTS_KEY))?.value);
}

export async function getPaymentSettings(db: Knex): Promise<PaymentSettings> {
  return paymentSettingsViewOf(await getPaymentSettingsValue(db));
}

/** PUT /api/admin/settings/payments by an admin: the whole settings, with their audit row. */
export async function savePaymentSettings(
  db: Knex,
  actorId: string,
  input: z.output<typeof paymentSettingsSchema>,
  now: Date,
): Promise<PaymentSettings> {
  const value = paymentSettingsValueOf(input);
  return db.transaction(async (trx) => {
    const before = paymentSettingsViewOf(readPayments((await lockSettingRow(trx, PAYMENTS_KEY))?.value));
    await writeSettingRow(trx, PAYMENTS_KEY, value, actorId, now);
    const after = paymentSettingsViewOf(value);
    await auditSettingChange(trx, { actorId, key: PAYMENTS_KEY, before, after });
    return after;
  });
}

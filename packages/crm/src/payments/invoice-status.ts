import { colors } from '@shine/design-tokens';
import type { InvoiceStatus } from '@shine/shared/payments';
import { formatAmount } from '@shine/shared/quote-pricing';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  past_due: 'Past due',
  paid: 'Paid',
  void: 'Void',
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  open: colors.primary,
  past_due: colors.danger,
  paid: colors.success,
  void: colors.textMuted,
};

/** "-40.00" → "−$40.00"; "40.00" → "$40.00". */
export function formatMoney(amount: string): string {
  return amount.startsWith('-') ? `−${formatAmount(amount.slice(1))}` : formatAmount(amount);
}

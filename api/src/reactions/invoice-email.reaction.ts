// The invoice e-mail with its pay link: sent when a completed visit's invoice is made, unless the card
// on file is charged for it (the receipt then tells the customer), and when that charge was declined or
// needs the customer's confirmation (with a new pay link, and when the card is tried again).
import type { InvoiceCreatedPayload } from '../lead-events/index.ts';
import { invoiceEmailOf } from '../payments/index.ts';
import type { Reaction } from './reaction.ts';

export const invoiceEmailReaction: Reaction = {
  name: 'invoice-email',
  triggers: ['invoice_created'],
  async email(context, event) {
    const payload = event.payload as InvoiceCreatedPayload;
    if (payload.cardCharge) return undefined;
    const message = await invoiceEmailOf(
      context.db,
      {
        invoiceId: payload.invoiceId,
        token: payload.token,
        origin: context.publicOrigin,
        ...(payload.cardFailure ? { cardFailure: payload.cardFailure } : {}),
        ...(payload.retryAt ? { retryAt: payload.retryAt } : {}),
      },
      context.timeZone,
      context.now(),
    );
    return message && { message, actorId: payload.actorId };
  },
};

// The receipt of a payment: sent for every payment recorded, whatever its method.
import type { PaymentRecordedPayload } from '../lead-events/index.ts';
import { receiptEmailOf } from '../payments/index.ts';
import type { Reaction } from './reaction.ts';

export const receiptEmailReaction: Reaction = {
  name: 'receipt-email',
  triggers: ['payment_recorded'],
  async email(context, event) {
    const payload = event.payload as PaymentRecordedPayload;
    const message = await receiptEmailOf(
      context.db,
      payload.paymentId,
      context.timeZone,
      context.now(),
      `${context.publicOrigin.replace(/\/+$/, '')}/account`,
    );
    return message && { message, actorId: payload.actorId };
  },
};

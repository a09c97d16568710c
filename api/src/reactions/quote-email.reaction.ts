// The quote e-mail, with its PDF: sent when staff sent a version and asked for it to be e-mailed.
import type { QuoteSentPayload } from '../lead-events/index.ts';
import { quoteEmailOf } from '../quotes/index.ts';
import type { Reaction } from './reaction.ts';

export const quoteEmailReaction: Reaction = {
  name: 'quote-email',
  triggers: ['quote_sent'],
  async email(context, event) {
    const payload = event.payload as QuoteSentPayload;
    if (!payload.email) return undefined;
    const message = await quoteEmailOf(
      context.db,
      { quoteId: payload.quoteId, url: payload.url, origin: context.publicOrigin },
      context.timeZone,
      context.now(),
    );
    return message && { message, actorId: payload.actorId };
  },
};

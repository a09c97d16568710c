// The sign-in link to the customer's account: sent when they asked for it on /account. The lead's
// conversation records that it was sent, never the link itself.
import { accountLinkEmailOf, ACCOUNT_LINK_RECORDED_BODY } from '../account/index.ts';
import type { AccountLinkRequestedPayload } from '../lead-events/index.ts';
import type { Reaction } from './reaction.ts';

export const accountLinkEmailReaction: Reaction = {
  name: 'account-link-email',
  triggers: ['account_link_requested'],
  async email(context, event) {
    const payload = event.payload as AccountLinkRequestedPayload;
    const message = await accountLinkEmailOf(context.db, event.lead_id, payload);
    return message && { message, actorId: undefined, recordedBody: ACCOUNT_LINK_RECORDED_BODY };
  },
};

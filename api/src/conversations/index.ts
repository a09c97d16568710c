// What other features use of conversations (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export {
  countLeadsWithUnreadReplies,
  findLeadIdOfSentManualEmail,
  listRepliesWaiting,
  recordInboundMessage,
} from './conversations.service.ts';
export { recordPendingEmail, settleEmail } from './outgoing-email.service.ts';
export { recordLeadText, settleLeadText } from './outgoing-sms.service.ts';
export { listLeadMessages } from './conversations.service.ts';

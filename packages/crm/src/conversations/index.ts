// What other features use of conversations (docs/architecture.md#crm-features); the Inbox section itself
// is a lazy chunk (crm/section-chunks.ts).
export { InboxNavCount } from './InboxNavCount.tsx';
export { LeadConversation } from './LeadConversation.tsx';

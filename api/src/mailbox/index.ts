// What other features use of mailbox (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { sentEmailIdOfLead } from './mailbox.service.ts';
export { countHeldEmails } from './unmatched-emails.service.ts';

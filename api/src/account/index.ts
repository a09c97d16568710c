// What other features use of account (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { accountLinkEmailOf, ACCOUNT_LINK_RECORDED_BODY } from './account-email.service.ts';

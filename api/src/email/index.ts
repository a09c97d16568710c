// What other features use of email (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { emailLogoAttachment, linkify, paragraph, renderEmail, renderEmailPreview } from './email.service.ts';
export type { AmountLine, EmailBlock, EmailContent, EmailFooter, Inline, RenderedEmail } from './email.service.ts';

// What other features use of templates (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { renderTemplateEmail } from './template-email.service.ts';
export { findStarterTemplate, findTemplate, restoreStarterTemplate } from './templates.service.ts';

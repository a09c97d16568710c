// What other features use of templates (docs/architecture.md#crm-features); the section itself is a
// lazy chunk (crm/section-chunks.ts).
export { useTemplates } from './templates.hooks.ts';

// What other features use of automations (docs/architecture.md#crm-features); the section itself is a
// lazy chunk (crm/section-chunks.ts).
export { useAutomations } from './automations.hooks.ts';
export { LeadAutomationHistory } from './LeadAutomationHistory.tsx';

// What other features use of the schedule (docs/architecture.md#crm-features): a lead's booking, the
// scheduling settings and "Mark completed" (My Day's too); the section itself is a lazy chunk
// (crm/section-chunks.ts).
export { CompleteVisitButton } from './CompleteVisitButton.tsx';
export { LeadBooking } from './LeadBooking.tsx';
export { useSaveSchedulingSettings, useSchedulingSettings } from './schedule.hooks.ts';

// What other features use of the schedule (docs/architecture.md#crm-features): a lead's booking and the
// scheduling settings; the section itself is a lazy chunk (crm/section-chunks.ts).
export { LeadBooking } from './LeadBooking.tsx';
export { useSaveSchedulingSettings, useSchedulingSettings } from './schedule.queries.ts';

// What other features use of speed-to-lead (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { measureSpeedToLead } from './speed-to-lead-metric.service.ts';
export { getSpeedToLeadSettings } from './speed-to-lead-settings.service.ts';
export { createSpeedToLead, leadAlertReached } from './speed-to-lead.service.ts';
export type { SpeedToLead } from './speed-to-lead.service.ts';

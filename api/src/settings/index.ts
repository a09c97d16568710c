// What other features use of settings (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { getCompanyDetails } from './company-details.service.ts';
export { getLostReasons } from './lost-reasons.service.ts';
export { getSchedulingSettings, saveSchedulingSettings } from './scheduling-settings.service.ts';

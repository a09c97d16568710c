// What other features use of the lost reasons: the list a lead is lost for, and the Settings section's
// editor of it (docs/architecture.md#crm-features).
export { useLostReasons, useSaveLostReasons } from './lost-reasons.hooks.ts';

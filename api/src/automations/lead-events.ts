// The seam between lead intake and the automation engine: routes report what happened to a lead
// after the change has committed; the engine (automations/engine) decides what runs. Reporting
// never throws and never waits for delivery, so a public request is not slowed by its rules.
import type { LeadStatus } from '@shine/shared/enums';

export interface LeadEvents {
  /** A new lead row was committed (not a repeat request merged into an existing lead). */
  leadCreated: (leadId: string) => void;
  /** A lead's status changed from `from` to `to` (committed; `from !== to`). */
  statusChanged: (leadId: string, from: LeadStatus, to: LeadStatus) => void;
}

/** For apps built without the automation engine (most tests, CLIs). */
export const ignoreLeadEvents: LeadEvents = {
  leadCreated: () => {},
  statusChanged: () => {},
};

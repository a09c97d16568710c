// The seam between lead intake and the automation engine. A new lead and a staff status change
// write their event to the outbox table lead_events in the change's own transaction; after the
// commit the routes report the event here, and the engine (automations/engine) decides what runs.
// Reporting never throws and never waits for delivery, so a public request is not slowed by its
// rules; an event whose report is lost is still in the outbox, and the engine's scan takes it up.

export interface LeadEvents {
  /** A new lead row was committed (not a repeat request merged into an existing lead). */
  leadCreated: (leadId: string, eventId: string) => void;
  /** A staff change of a lead's status was committed (its outbox row holds from and to). */
  statusChanged: (leadId: string, eventId: string) => void;
}

/** For apps built without the automation engine (most tests, CLIs): the outbox keeps the events. */
export const ignoreLeadEvents: LeadEvents = {
  leadCreated: () => {},
  statusChanged: () => {},
};

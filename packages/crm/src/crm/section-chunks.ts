// The lazily loaded sections, one loader each: CrmPage renders them, and the entry module starts the
// one in the URL before React renders (api/early-requests.ts, main.tsx), so the chunk is not fetched
// only after the session check and the page chunk.
import type { ComponentType } from 'react';
import type { SectionKey } from './sections.tsx';

type Loader = () => Promise<{ default: ComponentType }>;

/** The dashboard is part of the page chunk; every other section is a chunk of its own. */
export const SECTION_CHUNKS: Record<Exclude<SectionKey, 'dashboard'>, Loader> = {
  leads: () => import('../leads/LeadsSection.tsx').then((m) => ({ default: m.LeadsSection })),
  inbox: () => import('../conversations/InboxSection.tsx').then((m) => ({ default: m.InboxSection })),
  held: () => import('../held/HeldSection.tsx').then((m) => ({ default: m.HeldSection })),
  activities: () => import('../activities/ActivitiesSection.tsx').then((m) => ({ default: m.ActivitiesSection })),
  automations: () => import('../automations/AutomationsSection.tsx').then((m) => ({ default: m.AutomationsSection })),
  templates: () => import('../templates/TemplatesSection.tsx').then((m) => ({ default: m.TemplatesSection })),
  analytics: () => import('../analytics/AnalyticsSection.tsx').then((m) => ({ default: m.AnalyticsSection })),
  team: () => import('../team/TeamSection.tsx').then((m) => ({ default: m.TeamSection })),
  audit: () => import('../audit/AuditSection.tsx').then((m) => ({ default: m.AuditSection })),
};

/** Starts loading the chunk of the section a URL's `?section=` names (nothing for the dashboard). */
export function preloadSectionChunk(section: string | null): void {
  const loader = section ? SECTION_CHUNKS[section as keyof typeof SECTION_CHUNKS] : undefined;
  loader?.().catch(() => undefined); // the section's own import reports a failure when it renders
}

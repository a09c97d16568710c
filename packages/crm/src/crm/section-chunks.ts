// The lazily loaded sections, one loader each: CrmPage renders them, and the entry module starts the
// one in the URL before React renders (api/early-requests.ts, main.tsx), so the chunk is not fetched
// only after the session check and the page chunk.
import { type Chunk, chunk } from '../lazy-chunk.ts';
import type { SectionKey } from './sections.tsx';

/** The dashboard is part of the page chunk; every other section is a chunk of its own. */
export const SECTION_CHUNKS: Record<Exclude<SectionKey, 'dashboard'>, Chunk> = {
  'my-day': chunk(() => import('../my-day/MyDaySection.tsx').then((m) => ({ default: m.MyDaySection }))),
  leads: chunk(() => import('../leads/LeadsSection.tsx').then((m) => ({ default: m.LeadsSection }))),
  inbox: chunk(() => import('../conversations/InboxSection.tsx').then((m) => ({ default: m.InboxSection }))),
  calls: chunk(() => import('../calls/CallsSection.tsx').then((m) => ({ default: m.CallsSection }))),
  schedule: chunk(() => import('../schedule/ScheduleSection.tsx').then((m) => ({ default: m.ScheduleSection }))),
  payments: chunk(() => import('../payments/PaymentsSection.tsx').then((m) => ({ default: m.PaymentsSection }))),
  held: chunk(() => import('../held/HeldSection.tsx').then((m) => ({ default: m.HeldSection }))),
  activities: chunk(() =>
    import('../activities/ActivitiesSection.tsx').then((m) => ({ default: m.ActivitiesSection })),
  ),
  automations: chunk(() =>
    import('../automations/AutomationsSection.tsx').then((m) => ({ default: m.AutomationsSection })),
  ),
  templates: chunk(() => import('../templates/TemplatesSection.tsx').then((m) => ({ default: m.TemplatesSection }))),
  analytics: chunk(() => import('../analytics/AnalyticsSection.tsx').then((m) => ({ default: m.AnalyticsSection }))),
  team: chunk(() => import('../team/TeamSection.tsx').then((m) => ({ default: m.TeamSection }))),
  settings: chunk(() =>
    import('../company-settings/SettingsSection.tsx').then((m) => ({ default: m.SettingsSection })),
  ),
  audit: chunk(() => import('../audit/AuditSection.tsx').then((m) => ({ default: m.AuditSection }))),
};

/** Starts loading the chunk of the section an address names (nothing for the dashboard); a failure is the caller's. */
export function preloadSectionChunk(section: string | null): Promise<unknown> | undefined {
  const loader = section ? SECTION_CHUNKS[section as keyof typeof SECTION_CHUNKS] : undefined;
  return loader?.();
}

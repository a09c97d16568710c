// What the app's entry uses of the CRM page (docs/architecture.md#crm-features): starting a section's
// chunk before React renders. The page itself is a lazy chunk (page-chunks.ts).
export { preloadSectionChunk } from './section-chunks.ts';

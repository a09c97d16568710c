// What other features use of held submissions (docs/architecture.md#crm-features); the section itself
// is a lazy chunk (crm/section-chunks.ts).
export { HeldNavCount } from './HeldNavCount.tsx';

// What other features use of My Day (docs/architecture.md#crm-features); the section itself is a lazy
// chunk (crm/section-chunks.ts).
export { MyDayNavCount } from './MyDayNavCount.tsx';

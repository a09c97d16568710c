// What other features use of the Calls list (docs/architecture.md#crm-features); the section itself is
// a lazy chunk (crm/section-chunks.ts).
export { CallActions } from './CallActions.tsx';

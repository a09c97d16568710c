// What other features use of the team (docs/architecture.md#crm-features); the section itself is a lazy
// chunk (crm/section-chunks.ts).
export { useAssignees } from './assignees.hooks.ts';
export { pickChanged } from './changed-fields.ts';
export { AlertPhoneField } from './person-fields.tsx';
export { useTeamUsers } from './team.hooks.ts';

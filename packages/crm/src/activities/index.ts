// What other features use of activities (docs/architecture.md#crm-features); the section itself is a
// lazy chunk (crm/section-chunks.ts).
export { ACTIVITY_STATUS_COLORS, ACTIVITY_STATUS_LABELS, ACTIVITY_TYPE_LABELS } from './activity-labels.tsx';
export { ActivityTimeline } from './ActivityTimeline.tsx';
export { LeadPicker } from './LeadPicker.tsx';
export { type CallLead, LogCallDialog } from './LogCallDialog.tsx';
export { NewActivityDialog } from './NewActivityDialog.tsx';
export { WrongNumberFlag } from './WrongNumberFlag.tsx';

// What other features use of the team (docs/architecture.md#crm-features); the section itself is a lazy
// chunk (crm/section-chunks.ts). The company's settings cards live here and are shown by the Settings
// section (company-settings/).
export { useAssignees } from './assignees.hooks.ts';
export { pickChanged } from './changed-fields.ts';
export { AlertPhoneField } from './person-fields.tsx';
export { useTeamUsers } from './team.hooks.ts';
export { CallSettingsCard } from './CallSettingsCard.tsx';
export { CompanyDetailsSettings } from './CompanyDetailsSettings.tsx';
export { LostReasonsSettings } from './LostReasonsSettings.tsx';
export { SchedulingSettingsForm } from './SchedulingSettingsForm.tsx';
export { SpeedToLeadSettingsCard } from './SpeedToLeadSettingsCard.tsx';
export { SettingsCard, saveSettings } from './SettingsCard.tsx';

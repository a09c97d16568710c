// What other features use of a person's own new-lead alerts (docs/architecture.md#crm-features).
export { NewLeadAlertSettingsForm } from './NewLeadAlertSettingsForm.tsx';
export { OpenLeadButton } from './OpenLeadButton.tsx';
export { useNewLeadAlerts } from './use-new-lead-alerts.ts';
export { useNewLeadAlertSettings } from './new-lead-alerts.hooks.ts';
export { browserNotifications } from './browser-notifications.ts';

// What the CRM page uses of a person's notifications: the bell and the toasts of new ones
// (docs/architecture.md#crm-features).
export { NotificationBell } from './NotificationBell.tsx';
export { useNotificationAlerts } from './use-notification-alerts.ts';

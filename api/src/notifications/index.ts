// What other features use of notifications (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export {
  countUnreadNotifications,
  leadAlertNotified,
  markLeadNotificationsRead,
  notifyPeople,
  notifyPeopleFolded,
  notifyPersonOnce,
} from './notifications.service.ts';

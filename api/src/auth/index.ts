// What other features use of auth (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { findAssignableUser, peekRoundRobinAssignee, pickRoundRobinAssignee } from './assignable-users.service.ts';
export { canTakeLeads, findStaffContactRows } from './staff-contacts.service.ts';
export { SYSTEM_USERNAME, findOrCreateSystemUserId, findSystemUserId } from './system-user.service.ts';
export { userNameOf } from './user-names.service.ts';
export { userNames } from './users.service.ts';

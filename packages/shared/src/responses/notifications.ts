// Answers of /api/admin/notifications.
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications.ts';
import { countSchema, idSchema, instantSchema } from './common.ts';

export const notificationSchema = z.strictObject({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  leadId: idSchema.nullable(),
  /** What happened, in a sentence that names the lead ("New lead: Ann Lee, Deep cleaning"). */
  text: z.string(),
  at: instantSchema,
  /** When the person read it or acted on its lead; null: it still waits. */
  readAt: instantSchema.nullable(),
});
export type Notification = z.output<typeof notificationSchema>;

/** GET /api/admin/notifications: the newest first, and how many wait unread in all. */
export const notificationListSchema = z.strictObject({
  items: z.array(notificationSchema),
  unread: countSchema,
});
export type NotificationList = z.output<typeof notificationListSchema>;

/** POST /api/admin/notifications/read: how many it marked, and how many still wait. */
export const notificationsReadAnswerSchema = z.strictObject({ marked: countSchema, unread: countSchema });
export type NotificationsReadAnswer = z.output<typeof notificationsReadAnswerSchema>;

// A staff member's new-lead alerts: which alerts, sound, and quiet hours. Kept on the
// server with the user (GET/PATCH /api/admin/me/alerts), so they follow the person to every device.
import { z } from 'zod';
import { DEFAULT_BUSINESS_TIMEZONE, minuteOfDayIn } from './business-time.ts';

const clockTime = z
  .string({ error: 'Use a time like 21:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 21:00');

export const quietHoursSchema = z
  .strictObject({ start: clockTime, end: clockTime })
  .refine((hours) => hours.start !== hours.end, { message: 'Quiet hours must start and end at different times' });
export type QuietHours = z.output<typeof quietHoursSchema>;

export const newLeadAlertSettingsSchema = z.strictObject({
  /** A toast in the CRM for each new lead. */
  newLeadToast: z.boolean({ error: 'newLeadToast must be true or false' }),
  /** The system's notification (the browser's, after it was allowed; the desktop app's own). */
  systemNotifications: z.boolean({ error: 'systemNotifications must be true or false' }),
  sound: z.boolean({ error: 'sound must be true or false' }),
  /** In the company's time zone; may cross midnight (21:00–07:00). Null: none. */
  quietHours: quietHoursSchema.nullable(),
});
export type NewLeadAlertSettings = z.output<typeof newLeadAlertSettingsSchema>;

/** PATCH /api/admin/me/alerts: the settings to change; the others stay. */
export const newLeadAlertSettingsUpdateSchema = newLeadAlertSettingsSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type NewLeadAlertSettingsUpdate = z.output<typeof newLeadAlertSettingsUpdateSchema>;

export const DEFAULT_NEW_LEAD_ALERT_SETTINGS: NewLeadAlertSettings = {
  newLeadToast: true,
  // A system notification needs the person's own yes (a click), so it starts off.
  systemNotifications: false,
  sound: false,
  quietHours: null,
};

/** What is stored, over the defaults: a setting added later reads as its default until saved. */
export function readNewLeadAlertSettings(stored: unknown): NewLeadAlertSettings {
  const merged = { ...DEFAULT_NEW_LEAD_ALERT_SETTINGS, ...(typeof stored === 'object' && stored ? stored : {}) };
  const parsed = newLeadAlertSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_NEW_LEAD_ALERT_SETTINGS;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `at` falls in the quiet hours (start inclusive, end exclusive), in the company's time zone. */
export function isQuietTime(
  quietHours: QuietHours | null,
  at: Date,
  timeZone: string = DEFAULT_BUSINESS_TIMEZONE,
): boolean {
  if (!quietHours) return false;
  const now = minuteOfDayIn(at, timeZone);
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

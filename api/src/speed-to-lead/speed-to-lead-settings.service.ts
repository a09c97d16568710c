// The speed-to-lead alert settings (the company_settings key `lead-alerts`). Admins change them
// through settings/settings.routes.ts; every alert reads them, so a change applies to the next lead
// without a restart.
import {
  type SpeedToLeadConfiguration,
  type SpeedToLeadSettings,
  type SpeedToLeadSettingsView,
  readSpeedToLeadConfiguration,
  WEEKDAY_NAMES,
} from '@shine/shared/speed-to-lead';
import { API_ERRORS } from '@shine/shared/messages';
import type { Knex } from 'knex';
import { findAssignableUser } from '../auth/index.ts';
import { auditSettingChange } from '../audit/index.ts';
import { findSettingRow, lockSettingRow, writeSettingRow } from '../db/company-settings.ts';
import { AppError } from '../http/app-error.ts';
import { findAlertRecipients } from './alert-recipients.ts';

const LEAD_ALERTS_KEY = 'lead-alerts';

export type { SpeedToLeadConfiguration } from '@shine/shared/speed-to-lead';

export async function getSpeedToLeadSettings(db: Knex): Promise<SpeedToLeadConfiguration> {
  return readSpeedToLeadConfiguration((await findSettingRow(db, LEAD_ALERTS_KEY))?.value);
}

/** Everyone the settings name must be an active member of the team; otherwise a 400 naming the field. */
async function assertPeopleAssignable(db: Knex, settings: SpeedToLeadSettings): Promise<void> {
  const named: Array<{ path: string; id: string }> = settings.onDuty.flatMap((id, day) =>
    id ? [{ path: `onDuty.${day}`, id }] : [],
  );
  if (settings.escalateTo) named.push({ path: 'escalateTo', id: settings.escalateTo });
  const issues = [];
  for (const { path, id } of named) {
    if (!(await findAssignableUser(db, id))) issues.push({ path, message: API_ERRORS.personNotOnTeam });
  }
  if (issues.length > 0) throw new AppError(400, API_ERRORS.invalidInput, issues);
}

/** PUT /api/admin/settings/lead-alerts by an admin: the whole settings, with their audit row. */
export async function saveSpeedToLeadSettings(
  db: Knex,
  actorId: string,
  settings: SpeedToLeadSettings,
  now: Date,
): Promise<SpeedToLeadConfiguration> {
  await assertPeopleAssignable(db, settings);
  return db.transaction(async (trx) => {
    const before = readSpeedToLeadConfiguration((await lockSettingRow(trx, LEAD_ALERTS_KEY))?.value);
    // Switching alerts on starts from now: the leads already waiting are not alerted all at once.
    const enabledAt = settings.enabled ? (before.enabledAt ?? now) : null;
    await writeSettingRow(
      trx,
      LEAD_ALERTS_KEY,
      { ...settings, enabledAt: enabledAt?.toISOString() ?? null },
      actorId,
      now,
    );
    await auditSettingChange(trx, { actorId, key: LEAD_ALERTS_KEY, before: before.settings, after: settings });
    return { settings, enabledAt };
  });
}

export interface DeliveryChannels {
  sms: boolean;
  email: boolean;
}

/** What would keep an alert from reaching someone, said in the settings screen before it happens. */
async function warningsOf(
  db: Knex,
  { settings }: SpeedToLeadConfiguration,
  configured: DeliveryChannels,
  now: Date,
): Promise<string[]> {
  if (!settings.enabled) return [];
  const warnings: string[] = [];
  if (settings.sms && !configured.sms)
    warnings.push('No SMS provider is configured (SMS_API_URL): SMS alerts stay in the outbox, not sent.');
  if (settings.email && !configured.email)
    warnings.push('No mail server is configured (SMTP_URL): e-mail alerts stay in the outbox, not sent.');
  const ids = [...settings.onDuty, settings.escalateTo].filter((id): id is string => id !== null);
  const people = await findAlertRecipients(db, ids, now);
  for (const person of people.values()) {
    const days = settings.onDuty.flatMap((id, day) => (id === person.id ? [WEEKDAY_NAMES[day]] : []));
    if (person.disabled) warnings.push(`${person.name} is disabled: nobody is alerted in their place.`);
    if (settings.sms && !person.phone)
      warnings.push(`${person.name} has no phone number: SMS alerts to them cannot be sent.`);
    if (person.away && days.length > 0)
      warnings.push(`${person.name} is away: alerts of their days (${days.join(', ')}) go to the escalation contact.`);
  }
  // Sunday is closed: nobody need be on duty then unless quotes out of hours are alerted too.
  const uncovered = WEEKDAY_NAMES.filter(
    (_, day) => settings.onDuty[day] === null && (day !== 0 || settings.outsideBusinessHours),
  );
  if (uncovered.length > 0) warnings.push(`Nobody is on duty on ${uncovered.join(', ')}: only the escalation follows.`);
  if (!settings.escalateTo) warnings.push('No escalation contact: an unanswered lead is only flagged.');
  return warnings;
}

export async function speedToLeadSettingsView(
  db: Knex,
  configuration: SpeedToLeadConfiguration,
  configured: DeliveryChannels,
  now: Date,
): Promise<SpeedToLeadSettingsView> {
  return {
    settings: configuration.settings,
    enabledAt: configuration.enabledAt?.toISOString() ?? null,
    warnings: await warningsOf(db, configuration, configured, now),
  };
}

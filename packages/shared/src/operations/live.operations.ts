// The live stream (Server-Sent Events) and each person's new-lead alert settings.
import { newLeadAlertSettingsSchema, newLeadAlertSettingsUpdateSchema } from '../new-lead-alerts.ts';
import { API_ERRORS } from '../messages.ts';
import { error, json, operation, type Operation, text } from './operation.ts';

export const liveOperations = {
  openLiveStream: operation({
    method: 'get',
    path: '/api/admin/events',
    tag: 'Live',
    summary: 'Live updates: a Server-Sent Events stream of what changes',
    description:
      'Events `lead.created`, `lead.updated` (with the names of the changed fields), `activity.created`, ' +
      "`message.created` (a customer's reply or a manual message) and `held.created` carry ids only (schema: LiveEvent); `ready` once the stream listens, `resync` when changes " +
      'may have been missed (refetch what is shown), `heartbeat` every 15 s. Each change event has an `id:`; ' +
      'a reconnection with `Last-Event-ID` (or `?lastEventId=`) within five minutes receives what it missed. ' +
      'The stream ends when the session does.',
    access: 'session',
    answers: {
      200: text('text/event-stream', 'The stream.'),
      429: error(API_ERRORS.tooManyLiveStreams),
    },
  }),

  getAlertSettings: operation({
    method: 'get',
    path: '/api/admin/me/alerts',
    tag: 'Session',
    summary: 'The signed-in user’s new-lead alert settings',
    access: 'session',
    answers: { 200: json(newLeadAlertSettingsSchema, 'The settings (defaults until saved).') },
  }),
  updateAlertSettings: operation({
    method: 'patch',
    path: '/api/admin/me/alerts',
    tag: 'Session',
    summary: 'Change the signed-in user’s new-lead alert settings',
    description: 'Only the settings sent change. Quiet hours are in the company’s time zone and may cross midnight.',
    access: 'session',
    body: newLeadAlertSettingsUpdateSchema,
    answers: { 200: json(newLeadAlertSettingsSchema, 'The settings now.') },
  }),
} satisfies Record<string, Operation>;

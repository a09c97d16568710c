// The live stream (Server-Sent Events).
import { API_ERRORS } from '@shine/shared/messages';
import { error, type Operation, text } from './operation.ts';

export const liveOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/admin/events',
    tag: 'Live',
    summary: 'Live updates: a Server-Sent Events stream of what changes',
    description:
      'Events `lead.created`, `lead.updated` (with the names of the changed fields), `activity.created` and ' +
      '`held.created` carry ids only (schema: LiveEvent); `ready` once the stream listens, `resync` when changes ' +
      'may have been missed (refetch what is shown), `heartbeat` every 15 s. Each change event has an `id:`; ' +
      'a reconnection with `Last-Event-ID` (or `?lastEventId=`) within five minutes receives what it missed. ' +
      'The stream ends when the session does.',
    access: 'session',
    answers: {
      200: text('text/event-stream', 'The stream.'),
      429: error(API_ERRORS.tooManyLiveStreams),
    },
  },
];

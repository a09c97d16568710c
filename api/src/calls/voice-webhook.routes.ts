// POST /api/webhooks/voice and /api/webhooks/voice/status: the voice provider's calls for a call to the
// company number and for how its ringing ended (Twilio's form posts), signed as the SMS webhook's are
// (403 otherwise). The answer is TwiML; a missed caller's text back goes once the answer has left.
import { API_ERRORS } from '@shine/shared/messages';
import { publicOperations } from '@shine/shared/operations/public';
import express, { type Router } from 'express';
import type { ManualDelivery } from '../automations/index.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { operationRouter } from '../http/route.ts';
import { assertSignedByProvider, type FormParams } from '../http/twilio-signature.ts';
import {
  answerIncomingCall,
  receiveCallStatus,
  sendCallText,
  UnknownDialStatusError,
  type VoiceAnswer,
  type VoiceDeps,
} from './voice-calls.service.ts';

/** A provider's form post is well under 4 kB. */
export const VOICE_WEBHOOK_BODY_LIMIT = '16kb';

const text = (value: FormParams[string]) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function voiceWebhookRouter(
  { config, db, logger, now }: Pick<AppDeps, 'config' | 'db' | 'logger' | 'now'>,
  sms: ManualDelivery['sms'],
): Router {
  const { router, route } = operationRouter('/api/webhooks');
  const form = express.urlencoded({ extended: false, limit: VOICE_WEBHOOK_BODY_LIMIT, parameterLimit: 100 });

  /** The signed form's fields, or the 403 / 400 that says why not. */
  function signedCall(path: string, req: express.Request): { params: FormParams; callSid: string; from: string } {
    const params = (req.body ?? {}) as FormParams;
    assertSignedByProvider(
      config.automations.smsWebhookToken,
      config.publicOrigin,
      path,
      params,
      req.get('x-twilio-signature'),
    );
    const callSid = text(params.CallSid);
    const from = text(params.From);
    if (!callSid || !from) throw new AppError(400, API_ERRORS.voiceWebhookIncomplete);
    return { params, callSid, from };
  }

  const deps = (): VoiceDeps => ({
    db,
    now: now(),
    timeZone: config.businessTimeZone,
    publicOrigin: config.publicOrigin as string,
    forwardTo: config.voiceForwardTo,
    sendSms: sms,
  });

  /** Answers, then sends the text back (a failure is recorded on the call; nothing else to tell the provider). */
  async function answer(res: express.Response, outcome: VoiceAnswer): Promise<void> {
    res.type('text/xml').send(outcome.twiml);
    if (!outcome.textCallId) return;
    await sendCallText({ db, sendSms: sms }, outcome.textCallId, now()).catch((err: unknown) => {
      logger.error({ err }, 'the text back to a missed call was not recorded');
    });
  }

  route(publicOperations.receiveVoiceCall, [form], async (req, res) => {
    const { params, callSid, from } = signedCall(publicOperations.receiveVoiceCall.path, req);
    await answer(res, await answerIncomingCall(deps(), { callSid, from, to: text(params.To) }));
  });

  route(publicOperations.receiveVoiceStatus, [form], async (req, res) => {
    const { params, callSid, from } = signedCall(publicOperations.receiveVoiceStatus.path, req);
    const duration = Number.parseInt(text(params.DialCallDuration) ?? '', 10);
    let outcome: VoiceAnswer;
    try {
      outcome = await receiveCallStatus(deps(), {
        callSid,
        from,
        to: text(params.To),
        dialStatus: text(params.DialCallStatus),
        durationSeconds: Number.isFinite(duration) && duration >= 0 ? duration : undefined,
        recordingUrl: text(params.RecordingUrl),
      });
    } catch (error) {
      if (error instanceof UnknownDialStatusError) throw new AppError(400, API_ERRORS.voiceDialStatusUnknown);
      throw error;
    }
    await answer(res, outcome);
  });

  return router;
}

// POST /api/webhooks/sms: the SMS provider's call for each inbound text (Twilio's form post). Only a
// call signed with SMS_AUTH_TOKEN over PUBLIC_ORIGIN + the path is believed (403 otherwise); the
// answer is TwiML: empty, or a <Message> for HELP.
import { API_ERRORS } from '@shine/shared/messages';
import { publicOperations } from '@shine/shared/operations/public';
import express, { type Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { operationRouter } from '../http/route.ts';
import { receiveInboundSms } from './sms-inbound.service.ts';
import { assertSignedByProvider, type FormParams } from '../http/twilio-signature.ts';

/** A provider's form post is well under 4 kB (a text is at most 1600 characters). */
export const SMS_WEBHOOK_BODY_LIMIT = '16kb';
export const SMS_WEBHOOK_PATH = publicOperations.receiveSms.path;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function twiml(reply: string | null): string {
  const body = reply ? `<Message>${escapeXml(reply)}</Message>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;
}

const text = (value: FormParams[string]) => (typeof value === 'string' ? value : undefined);

export function smsWebhookRouter({ config, db, now }: Pick<AppDeps, 'config' | 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/webhooks');
  route(
    publicOperations.receiveSms,
    [express.urlencoded({ extended: false, limit: SMS_WEBHOOK_BODY_LIMIT, parameterLimit: 100 })],
    async (req, res) => {
      const params = (req.body ?? {}) as FormParams;
      assertSignedByProvider(
        config.automations.smsWebhookToken,
        config.publicOrigin,
        SMS_WEBHOOK_PATH,
        params,
        req.get('x-twilio-signature'),
      );
      const from = text(params.From)?.trim();
      const sid = text(params.MessageSid) ?? text(params.SmsSid);
      if (!from || !sid) throw new AppError(400, API_ERRORS.smsWebhookIncomplete);
      const outcome = await receiveInboundSms(
        db,
        { from, sid, body: text(params.Body) ?? '' },
        now(),
        config.businessTimeZone,
      );
      res.type('text/xml').send(twiml(outcome.reply));
    },
  );
  return router;
}

// The voice webhooks' work (POST /api/webhooks/voice and …/voice/status, docs/requirements.md#missed-calls):
// an incoming call rings the person on duty and the escalation contact (the roster the alerts and the
// bell follow), or the company's forwarding number, or goes to voicemail; how the ringing ended makes
// the call answered (a known lead's timeline gets the call) or missed (missed-call.ts). Each report is
// acted on by its CallSid, once: the call's row is locked, and `outcome_at` is set by the first.
import { isWithinBusinessHours, weekdayIn } from '@shine/shared/business-time';
import type { Knex } from 'knex';
import { nationalDigitsOf } from '@shine/shared/sms-consent';
import { canTakeLeads, findStaffContactRows, findOrCreateSystemUserId } from '../auth/index.ts';
import { settleLeadText } from '../conversations/index.ts';
import { logStaffActivity, findLeadsOfPhone } from '../leads/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { getSpeedToLeadSettings } from '../speed-to-lead/index.ts';
import { getCallSettings } from './call-settings.service.ts';
import { type CallRow, claimCallText, listStrandedCallTexts, lockOrInsertCall, updateCall } from './calls.queries.ts';
import { type MissedCallContext, recordMissedCall } from './missed-call.ts';
import { dialTwiml, EMPTY_TWIML, voicemailTwiml } from './voice-twiml.ts';

export const VOICE_STATUS_PATH = '/api/webhooks/voice/status';

export interface VoiceDeps {
  db: Knex;
  now: Date;
  timeZone: string;
  publicOrigin: string;
  /** VOICE_FORWARD_TO: rung when nobody on the team can take the call. */
  forwardTo: string | undefined;
  /** Sends a text; undefined: no SMS account (the text back is recorded as not sent). */
  sendSms: ((message: { to: string; body: string }) => Promise<string>) | undefined;
}

export interface IncomingCall {
  callSid: string;
  from: string;
  to: string | undefined;
}

/** The TwiML to answer with, and the call whose text back is to be sent once it is answered. */
export interface VoiceAnswer {
  twiml: string;
  textCallId: string | undefined;
}

interface RingTarget {
  userId: string;
  phone: string;
}

/** Whom a call rings now: the person on duty and the escalation contact who can take it and have a phone. */
async function findRingTargets(db: Knex, now: Date, timeZone: string): Promise<RingTarget[]> {
  const { settings } = await getSpeedToLeadSettings(db);
  const ids = [settings.onDuty[weekdayIn(now, timeZone)], settings.escalateTo].filter(
    (id, i, all): id is string => Boolean(id) && all.indexOf(id) === i,
  );
  const people = new Map((await findStaffContactRows(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const person = people.get(id);
    return person?.phone && canTakeLeads(person, now) ? [{ userId: id, phone: person.phone }] : [];
  });
}

async function missedContext(deps: VoiceDeps): Promise<MissedCallContext> {
  return {
    now: deps.now,
    timeZone: deps.timeZone,
    settings: await getCallSettings(deps.db),
    quoteLink: new URL('/quote', deps.publicOrigin).toString(),
    canText: deps.sendSms !== undefined,
  };
}

const statusAction = (deps: VoiceDeps) => new URL(VOICE_STATUS_PATH, deps.publicOrigin).toString();

async function voicemail(deps: VoiceDeps): Promise<string> {
  return voicemailTwiml((await getCompanyDetails(deps.db)).name, statusAction(deps));
}

/** The call whose text this request decided to send (a repeated report decides nothing). */
const textToSend = (row: CallRow, decidedNow: boolean) =>
  decidedNow && row.text_status === 'pending' ? row.id : undefined;

/** POST /api/webhooks/voice: ring the team (or the forwarding number); outside business hours, voicemail. */
export async function answerIncomingCall(deps: VoiceDeps, call: IncomingCall): Promise<VoiceAnswer> {
  const { db, now, timeZone } = deps;
  const open = isWithinBusinessHours(now, timeZone);
  const targets = open ? await findRingTargets(db, now, timeZone) : [];
  const numbers =
    targets.length > 0 ? targets.map((target) => target.phone) : open && deps.forwardTo ? [deps.forwardTo] : [];
  const { ringSeconds } = await getCallSettings(db);
  const context = numbers.length === 0 ? await missedContext(deps) : undefined;
  const { row, decided } = await db.transaction(async (trx) => {
    const { row: stored, inserted } = await lockOrInsertCall(trx, {
      call_sid: call.callSid,
      from_phone: call.from,
      from_digits: nationalDigitsOf(call.from),
      to_phone: call.to ?? null,
      started_at: now,
    });
    // The provider's retry of a ring already heard: the same answer, nothing done twice.
    if (!inserted) return { row: stored, decided: false };
    if (context) return { row: await recordMissedCall(trx, stored, context), decided: true };
    const rung = await updateCall(trx, stored.id, { rang_user_ids: targets.map((target) => target.userId) });
    await publishLiveEvent(trx, { type: 'call.changed', callId: rung.id });
    return { row: rung, decided: true };
  });
  if (row.outcome_at) return { twiml: await voicemail(deps), textCallId: textToSend(row, decided) };
  return { twiml: dialTwiml(numbers, ringSeconds, statusAction(deps)), textCallId: undefined };
}

/** The Dial's outcomes that mean nobody took the call. */
const UNANSWERED = new Set(['no-answer', 'busy', 'failed', 'canceled']);
const ANSWERED = new Set(['completed', 'answered']);

export interface CallStatusReport {
  callSid: string;
  from: string;
  to: string | undefined;
  /** The Dial's DialCallStatus; undefined for the voicemail's report. */
  dialStatus: string | undefined;
  durationSeconds: number | undefined;
  /** The voicemail's recording (the Record's action). */
  recordingUrl: string | undefined;
}

export class UnknownDialStatusError extends Error {}

function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** The answered call on the caller's lead: a completed call by whoever answered (the lead is contacted). */
async function logAnsweredCall(trx: Knex.Transaction, call: CallRow, deps: VoiceDeps): Promise<CallRow> {
  const [lead] = await findLeadsOfPhone(trx, call.from_phone);
  if (!lead) return call;
  const rung = await findStaffContactRows(trx, call.rang_user_ids);
  // One Dial rings its numbers together: with one person rung, they answered.
  const answerer = rung.length === 1 ? rung[0] : undefined;
  const who =
    rung.length === 0
      ? 'the forwarding number'
      : rung.length === 1
        ? (rung[0]?.name ?? 'the person on duty')
        : `${rung.map((person) => person.name).join(' or ')} (their phones rang together)`;
  await logStaffActivity(
    trx,
    answerer?.id ?? (await findOrCreateSystemUserId(trx)),
    {
      leadId: lead.id,
      type: 'call',
      title: 'Incoming call answered',
      description: `${call.from_phone} called; answered by ${who}; ${formatDuration(call.duration_seconds ?? 0)}.`,
      status: 'completed',
      outcome: 'reached',
    },
    deps.now,
    deps.timeZone,
  );
  return updateCall(trx, call.id, { lead_id: lead.id, owner_id: answerer?.id ?? null });
}

/** POST /api/webhooks/voice/status: how the ringing ended (or the voicemail's recording). */
export async function receiveCallStatus(deps: VoiceDeps, report: CallStatusReport): Promise<VoiceAnswer> {
  const { db, now } = deps;
  if (report.dialStatus !== undefined && !UNANSWERED.has(report.dialStatus) && !ANSWERED.has(report.dialStatus)) {
    throw new UnknownDialStatusError(report.dialStatus);
  }
  const context = await missedContext(deps);
  const { row, decided } = await db.transaction(async (trx): Promise<{ row: CallRow; decided: boolean }> => {
    const { row: call } = await lockOrInsertCall(trx, {
      call_sid: report.callSid,
      from_phone: report.from,
      from_digits: nationalDigitsOf(report.from),
      to_phone: report.to ?? null,
      started_at: now,
    });
    if (report.dialStatus === undefined) {
      // The voicemail: a missed call with a message (a recording reported again changes nothing).
      if (!report.recordingUrl || call.recording_url) return { row: call, decided: false };
      const missed = call.outcome_at ? call : await recordMissedCall(trx, call, context);
      const left = await updateCall(trx, missed.id, { status: 'voicemail', recording_url: report.recordingUrl });
      await publishLiveEvent(trx, { type: 'call.changed', callId: left.id });
      return { row: left, decided: !call.outcome_at };
    }
    // The outcome is taken once: a repeated report answers as the first did.
    if (call.outcome_at) return { row: call, decided: false };
    if (UNANSWERED.has(report.dialStatus)) return { row: await recordMissedCall(trx, call, context), decided: true };
    const answered = await updateCall(trx, call.id, {
      status: 'answered',
      outcome_at: now,
      duration_seconds: report.durationSeconds ?? 0,
    });
    const logged = await logAnsweredCall(trx, answered, deps);
    await publishLiveEvent(trx, { type: 'call.changed', callId: logged.id });
    return { row: logged, decided: true };
  });
  const waitsForMessage = row.status === 'missed' && report.dialStatus !== undefined;
  return { twiml: waitsForMessage ? await voicemail(deps) : EMPTY_TWIML, textCallId: textToSend(row, decided) };
}

/** Longer than a send may take (the SMS transport gives up after 30 s): a text held longer was abandoned. */
const CLAIM_STALE_MS = 60_000;
/** A text back this late after the call would arrive out of place: it is not sent. */
export const CALL_TEXT_DEADLINE_MS = 15 * 60_000;
export const TOO_LATE_TO_TEXT = 'not sent: the text could not go within 15 minutes of the call';
const STRANDED_BATCH = 50;

type TextDeps = Pick<VoiceDeps, 'db' | 'sendSms'>;

async function settleCallText(
  db: Knex,
  call: CallRow,
  outcome: { sent: true; sid: string | null } | { sent: false; reason: string },
  status: 'failed' | 'not_sent' = 'failed',
): Promise<void> {
  await db.transaction(async (trx) => {
    await updateCall(
      trx,
      call.id,
      outcome.sent
        ? { text_status: 'sent', text_sid: outcome.sid }
        : { text_status: status, text_reason: outcome.reason },
    );
    await publishLiveEvent(trx, { type: 'call.changed', callId: call.id });
  });
  if (call.lead_id && call.conversation_message_id) {
    await settleLeadText(db, call.lead_id, call.conversation_message_id, outcome);
  }
}

/**
 * Sends the call's pending text back, once: the text is taken first (a second sender finds it taken),
 * then handed to the provider, and how it went recorded on the call (and the lead's thread). A
 * provider's refusal (a landline) is recorded, not tried again.
 */
export async function sendCallText(deps: TextDeps, callId: string, now: Date): Promise<void> {
  const { db } = deps;
  if (!deps.sendSms) return;
  const call = await claimCallText(db, callId, now, new Date(now.getTime() - CLAIM_STALE_MS));
  if (!call?.text_body) return;
  let outcome: { sent: true; sid: string | null } | { sent: false; reason: string };
  try {
    const sid = await deps.sendSms({ to: call.from_phone, body: call.text_body });
    outcome = { sent: true, sid: sid || null };
  } catch (error) {
    outcome = {
      sent: false,
      reason: `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
    };
  }
  await settleCallText(db, call, outcome);
}

/**
 * The texts back a process left pending (it stopped between the webhook's answer and the send): sent
 * now while the call is recent, recorded as not sent once it is not. Every process runs it each minute
 * (server.ts); the claim keeps a text to one sender.
 */
export async function sendStrandedCallTexts(deps: TextDeps, now: Date): Promise<number> {
  const stranded = await listStrandedCallTexts(deps.db, new Date(now.getTime() - CLAIM_STALE_MS), STRANDED_BATCH);
  for (const call of stranded) {
    if (call.text_at && now.getTime() - call.text_at.getTime() > CALL_TEXT_DEADLINE_MS) {
      const late = await claimCallText(deps.db, call.id, now, new Date(now.getTime() - CLAIM_STALE_MS));
      if (late) await settleCallText(deps.db, late, { sent: false, reason: TOO_LATE_TO_TEXT }, 'not_sent');
    } else {
      await sendCallText(deps, call.id, now);
    }
  }
  return stranded.length;
}

// The Calls list (GET /api/admin/calls), a call marked called back, and the calls My Day lists.
import { CALL_LIST_PAGE_SIZE, type CallListQuery } from '@shine/shared/calls';
import { API_ERRORS } from '@shine/shared/messages';
import type { Call, CallList } from '@shine/shared/responses/calls';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { publishLiveEvent } from '../live/index.ts';
import {
  type CallListRow,
  findCallListRow,
  listCallRows,
  listCallsToCallBack,
  markCallRowCalledBack,
} from './calls.queries.ts';

export { getCallSettings, saveCallSettings } from './call-settings.service.ts';

function toCall(row: CallListRow): Call {
  return {
    id: row.id,
    from: row.from_phone,
    at: new Date(row.started_at).toISOString(),
    status: row.status,
    leadId: row.known_lead_id,
    leadName: row.known_lead_id ? row.lead_name : null,
    durationSeconds: row.duration_seconds,
    recordingUrl: row.recording_url,
    text: row.text_status ? { status: row.text_status, reason: row.text_reason } : null,
    calledBackAt: row.called_back_at ? new Date(row.called_back_at).toISOString() : null,
  };
}

export async function listCalls(db: Knex, query: CallListQuery): Promise<CallList> {
  const pageSize = CALL_LIST_PAGE_SIZE;
  const { rows, total } = await listCallRows(
    db,
    { status: query.status },
    { limit: pageSize, offset: (query.page - 1) * pageSize },
  );
  return { items: rows.map(toCall), total, page: query.page, pageSize };
}

/** POST /api/admin/calls/{id}/called-back: the call leaves My Day (the first mark stays). */
export async function markCallCalledBack(db: Knex, id: string, userId: string, now: Date): Promise<Call> {
  return db.transaction(async (trx) => {
    const row = await markCallRowCalledBack(trx, id, userId, now);
    if (!row) throw new AppError(404, API_ERRORS.callNotFound);
    await publishLiveEvent(trx, { type: 'call.changed', callId: id });
    return toCall((await findCallListRow(trx, id)) as CallListRow);
  });
}

export interface CallToCallBack {
  callId: string;
  at: Date;
  phone: string;
  voicemail: boolean;
  leadId: string | null;
  leadName: string | null;
}

/** Missed calls not called back yet, of `ownerId` (null: everyone's), oldest first. */
export async function listCallsToCallBackOf(
  db: Knex,
  ownerId: string | null,
  limit: number,
): Promise<CallToCallBack[]> {
  return (await listCallsToCallBack(db, ownerId, limit)).map((row) => ({
    callId: row.id,
    at: new Date(row.started_at),
    phone: row.from_phone,
    voicemail: row.status === 'voicemail',
    leadId: row.known_lead_id,
    leadName: row.known_lead_id ? row.lead_name : null,
  }));
}

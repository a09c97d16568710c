// The Calls list: calls to the company number (missed, answered, voicemail), and the call settings.
import { callListQuerySchema, callSettingsSchema } from '../calls.ts';
import { idParamsSchema } from '../leads.ts';
import { callListSchema, callSchema } from '../responses/calls.ts';
import { error, json, operation, type Operation } from './operation.ts';

export const callOperations = {
  listCalls: operation({
    method: 'get',
    path: '/api/admin/calls',
    tag: 'Calls',
    summary: 'Calls to the company number, newest first',
    description:
      '`status` keeps the missed, answered or voicemail ones (a voicemail is a missed call with a message). Each ' +
      'names the lead whose phone called (its most recent open lead) or none for a stranger, and what became of ' +
      'the text back.',
    access: 'session',
    query: callListQuerySchema,
    answers: { 200: json(callListSchema, 'A page of calls and how many match.') },
  }),
  markCallCalledBack: operation({
    method: 'post',
    path: '/api/admin/calls/:id/called-back',
    tag: 'Calls',
    summary: 'Mark a missed call called back (it leaves My Day’s Call back list)',
    access: 'session',
    params: idParamsSchema,
    answers: { 200: json(callSchema, 'The call now.'), 404: error('No such call.') },
  }),
  getCallSettings: operation({
    method: 'get',
    path: '/api/admin/settings/calls',
    tag: 'Settings',
    summary: 'How long the phones ring, and the text a missed caller gets',
    access: 'session',
    role: 'admin',
    answers: { 200: json(callSettingsSchema, 'The settings (the defaults until saved).') },
  }),
  saveCallSettings: operation({
    method: 'put',
    path: '/api/admin/settings/calls',
    tag: 'Settings',
    summary: 'Save the call settings',
    description: '`textTemplate`’s {quote link} becomes the quote form’s address.',
    access: 'session',
    role: 'admin',
    body: callSettingsSchema,
    answers: { 200: json(callSettingsSchema, 'The settings now.') },
  }),
} satisfies Record<string, Operation>;

// A salesperson's working day: My Day and the notifications that wait for an answer.
import { activityUpdateSchema } from '../activities.ts';
import { idParamsSchema } from '../leads.ts';
import { myDayQuerySchema } from '../my-day.ts';
import { notificationsReadSchema } from '../notifications.ts';
import { activitySchema } from '../responses/activities.ts';
import { myDaySchema, shellCountsSchema } from '../responses/my-day.ts';
import { notificationListSchema, notificationsReadAnswerSchema } from '../responses/notifications.ts';
import { error, json, operation, type Operation } from './operation.ts';

export const workdayOperations = {
  getMyDay: operation({
    method: 'get',
    path: '/api/admin/my-day',
    tag: 'My Day',
    summary: 'What the signed-in person has to do now, in the order to do it',
    description:
      'Sections in order: new leads not contacted yet, assigned to me or held by nobody and alerted to me (the bell, ' +
      'or a speed-to-lead text or e-mail; `assignee` null) (`due`: when the speed-to-lead target passes), ' +
      'customer replies not read, follow-ups due today or overdue, pending tasks due by the end of today, quotes ' +
      'sent and not answered after 2 days, visits scheduled today (business time zone) with their arrival window ' +
      'and crew. `scope=all` (admins only; 403 otherwise) lists everyone’s. `counts` gives the items per section ' +
      'and their `total` (the sidebar badge), in which a visit counts once its arrival window has begun.',
    access: 'session',
    query: myDayQuerySchema,
    answers: { 200: json(myDaySchema, 'The day.'), 403: error('Everyone’s day is for admins.') },
  }),
  getShellCounts: operation({
    method: 'get',
    path: '/api/admin/counts',
    tag: 'My Day',
    summary: 'The counts beside the CRM’s sections and bell, for the signed-in person, in one read',
    description:
      'My Day’s `counts.total`, the leads with unread replies, the e-mails held as unmatched, the held submissions ' +
      'and the unread notifications: the same figures as their own reads, answered together so that the CRM ' +
      'asks once, after the screen’s own data.',
    access: 'session',
    answers: { 200: json(shellCountsSchema, 'The counts.') },
  }),
  listNotifications: operation({
    method: 'get',
    path: '/api/admin/notifications',
    tag: 'My Day',
    summary: 'The signed-in person’s notifications, newest first, and how many are unread',
    description:
      'A new lead (to the person on duty and its assignee), a lead assigned, a repeat request, a customer’s reply, ' +
      'a quote viewed, accepted or declined, a visit booked, moved or cancelled (by the customer or a colleague). ' +
      'Each stays unread until read here or until the person acts on its lead ' +
      '(logs an activity, reads its conversation, changes its status). New ones arrive on the live stream as ' +
      '`notification.created`.',
    access: 'session',
    answers: { 200: json(notificationListSchema, 'The newest 50, and the unread count of all.') },
  }),
  markNotificationsRead: operation({
    method: 'post',
    path: '/api/admin/notifications/read',
    tag: 'My Day',
    summary: 'Mark notifications read: `{ ids }` or `{ all: true }`',
    description: 'Only the person’s own notifications change; another person’s id is ignored.',
    access: 'session',
    body: notificationsReadSchema,
    answers: { 200: json(notificationsReadAnswerSchema, 'How many were marked, and how many still wait.') },
  }),
  updateActivity: operation({
    method: 'patch',
    path: '/api/admin/activities/:id',
    tag: 'Activities',
    summary: 'Complete, cancel, reopen or move an activity (a task of My Day)',
    description:
      'A call, e-mail or meeting completed here is the lead’s last contact, as when logged. Acting on the ' +
      'activity marks the person’s notifications of its lead read.',
    access: 'session',
    params: idParamsSchema,
    body: activityUpdateSchema,
    answers: { 200: json(activitySchema, 'The activity now.') },
  }),
} satisfies Record<string, Operation>;

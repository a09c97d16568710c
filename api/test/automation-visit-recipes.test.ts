// Scheduling's starter recipes, delivered to the real SMTP server and the SMS stand-in: the booking
// confirmation is a text (the booking's own e-mail carries the calendar file, so no second e-mail),
// the day-before reminder names the visit's arrival window and obeys SMS consent, and "Ask for a
// review" goes once per customer after the first completed visit, with the company's review page,
// and is skipped with its reason when no review page is set.
import { MISSING_VALUE_REASONS, type AutomationRun } from '@shine/shared/automation-rules';
import { slotListSchema } from '@shine/shared/bookings';
import { SMS_REFUSALS } from '@shine/shared/sms-consent';
import type { Automation } from '@shine/shared/types';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { up as conditionOfReminderEmailRule } from '../src/db/migrations/20251207090000_reminder_email_recipe_condition.ts';
import { describeArrival } from '../src/scheduling/visit-answers.service.ts';
import { restoreStarterTemplate } from '../src/templates/templates.service.ts';
import { STARTER_TEMPLATE_KEYS } from '@shine/shared/starter-templates';
import { drainEngines, useDeliveringEngine, waitFor } from './support/automation-engine.ts';
import { sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { type Agent, describeApi, signIn, VALID_QUOTE } from './support/test-app.ts';

const HOUR = 3_600_000;
const REVIEW_URL = 'https://g.page/r/lone-star-shine/review';
const TIME_ZONE = 'America/Chicago';
/** Staff marking a booked (future) visit completed, having confirmed the cleaning happened early. */
const COMPLETE_EARLY = { status: 'completed', confirmEarly: true } as const;
let people = 0;

interface BookedVisit {
  id: string;
  start: string;
  arrivalEnd: string;
}

/** A delivering engine (with `env` over its defaults), the starter templates back before each test, and the helpers. */
function useRecipes(env?: Record<string, string>) {
  const h = useDeliveringEngine({ appEnv: { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' }, ...(env ? { env } : {}) });
  const { t } = h;
  const r = { agent: undefined as unknown as Agent };

  beforeEach(async () => {
    t.clock.now = undefined;
    r.agent = await t.agent();
    // Tables are emptied before each test; a fresh install's starters come back here.
    for (const key of STARTER_TEMPLATE_KEYS) await restoreStarterTemplate(t.db, key, null);
  });

  async function switchOnRecipe(key: string): Promise<Automation> {
    const added = await r.agent.post(`/api/admin/automations/recipes/${key}`).send({});
    expect(added.status, added.text).toBe(201);
    const rule = added.body as Automation;
    await r.agent.patch(`/api/admin/automations/${rule.id}`).send({ isActive: true }).expect(200);
    return rule;
  }

  /** A lead that accepted its quote and booked the first free window. */
  async function bookedLead(options: { frequency?: string; smsConsent?: boolean } = {}) {
    people++;
    const phone = `+1214555${String(6000 + people)}`;
    const created = await supertest(t.app)
      .post('/api/leads')
      .send({
        ...VALID_QUOTE,
        email: `recipes${people}@example.com`,
        phone,
        frequency: options.frequency ?? 'One Time',
        smsConsent: options.smsConsent ?? false,
      })
      .expect(201);
    const leadId = created.body.id as string;
    const token = tokenOf((await sendNewQuote(r.agent, leadId)).url);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const slots = slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(200)).body);
    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slots.slots[0]?.start })
      .expect(201);
    const visits = booked.body.booking.visits as BookedVisit[];
    // The booking's own e-mail (a reaction) goes first; what follows is the recipes'.
    await drainEngines(h.engine.engine);
    const subjects = (await Promise.all(h.smtp.received.map((mail) => simpleParser(mail.raw)))).map((m) => m.subject);
    expect(subjects).toEqual([expect.stringMatching(/^Your cleaning is booked/)]);
    h.smtp.received.length = 0;
    return { leadId, phone, visits };
  }

  const when = (visit: BookedVisit) => describeArrival(new Date(visit.start), new Date(visit.arrivalEnd), TIME_ZONE);
  const runsOf = async (leadId: string, reader = r.agent) =>
    (await reader.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
  const settledRuns = (leadId: string, count: number, reader = r.agent) =>
    waitFor(async () => {
      const runs = await runsOf(leadId, reader);
      return (
        runs.length === count && runs.every((run) => !['queued', 'running', 'retrying'].includes(run.status)) && runs
      );
    });
  const textsTo = (phone: string) => h.sms.received.filter((sms) => sms.form.To === phone).map((sms) => sms.form.Body);
  return { h, t, r, switchOnRecipe, bookedLead, when, runsOf, settledRuns, textsTo };
}

/** The rules' e-mails: a completed visit's invoice e-mail (a reaction, not a rule) left out. */
const ruleMails = (received: ReadonlyArray<{ raw: string }>) =>
  received.filter((mail) => !/^Subject: Your invoice INV-/m.test(mail.raw));

describeApi('scheduling recipes: booking confirmation, day-before reminder, ask for a review', () => {
  const { h, t, r, switchOnRecipe, bookedLead, when, runsOf, settledRuns, textsTo } = useRecipes();

  it('booking confirmation: a text naming the arrival window, never a second e-mail; no consent, no text', async () => {
    await switchOnRecipe('booking-confirmation');
    const texted = await bookedLead({ smsConsent: true });
    const [run] = await settledRuns(texted.leadId, 1);
    expect(run).toMatchObject({ trigger: 'visit_booked', status: 'succeeded' });
    const [text] = textsTo(texted.phone);
    expect(text).toContain(
      `your Lone Star Shine Cleaning cleaning is booked: ${when(texted.visits[0] as BookedVisit)}`,
    );
    expect(text).toContain('Reply STOP');
    // The rule sends no e-mail of its own: the customer's one confirmation e-mail is the booking's.
    expect(h.smtp.received).toEqual([]);

    const silent = await bookedLead();
    const [skipped] = await settledRuns(silent.leadId, 1);
    expect(skipped?.status).toBe('skipped');
    expect(skipped?.outcome).toContain(SMS_REFUSALS.noConsent);
    expect(textsTo(silent.phone)).toEqual([]);
  });

  it('day-before reminder: from 24 hours before each visit, with its window, only with SMS consent', async () => {
    await switchOnRecipe('day-before-reminder');
    const texted = await bookedLead({ smsConsent: true });
    const silent = await bookedLead();
    const first = texted.visits[0] as BookedVisit;

    t.clock.now = new Date(Date.parse(first.start) - 25 * HOUR);
    await drainEngines(h.engine.engine);
    expect(textsTo(texted.phone)).toEqual([]);
    t.clock.now = new Date(Date.parse(first.start) - 23 * HOUR);
    await drainEngines(h.engine.engine);
    // The visit may be days away (after a weekend): the file's session, idle since the booking, has
    // expired by then, so the day's reads come from a sign-in made that day.
    const staffThatDay = await signIn(t.app);
    const [run] = await settledRuns(texted.leadId, 1, staffThatDay);
    expect(run).toMatchObject({ trigger: 'visit_upcoming', status: 'succeeded' });
    expect(textsTo(texted.phone)).toEqual([
      expect.stringContaining(`your cleaning is ${when(first)} (arrival window)`),
    ]);

    t.clock.now = new Date(Date.parse((silent.visits[0] as BookedVisit).start) - 23 * HOUR);
    await drainEngines(h.engine.engine);
    const [skipped] = await settledRuns(silent.leadId, 1, await signIn(t.app));
    expect(skipped?.status).toBe('skipped');
    expect(textsTo(silent.phone)).toEqual([]);
  });

  it('day-before reminder by e-mail: only customers texts do not reach, so nobody gets both', async () => {
    const emailRule = await switchOnRecipe('day-before-reminder-email');
    expect(JSON.parse(emailRule.conditions)).toEqual({ textsAllowed: false });
    await switchOnRecipe('day-before-reminder');
    const texted = await bookedLead({ smsConsent: true });
    const silent = await bookedLead();
    const latest = Math.max(...[texted, silent].map((lead) => Date.parse((lead.visits[0] as BookedVisit).start)));
    const earliest = Math.min(...[texted, silent].map((lead) => Date.parse((lead.visits[0] as BookedVisit).start)));
    // Both visits within the coming 24 hours (the first windows a fresh calendar offers are a day apart at most).
    expect(latest - earliest).toBeLessThan(23 * HOUR);
    t.clock.now = new Date(latest - 23 * HOUR);
    await drainEngines(h.engine.engine);
    const staffThatDay = await signIn(t.app);
    // The texted customer is not e-mailed too: one run, the text.
    const textRuns = await settledRuns(texted.leadId, 1, staffThatDay);
    expect(textRuns.map((run) => [run.automationName, run.status])).toEqual([['Day-before reminder', 'succeeded']]);
    // The other gets the e-mail (the text rule skips them, as ever).
    const mailRuns = await settledRuns(silent.leadId, 2, staffThatDay);
    expect(mailRuns.map((run) => [run.automationName, run.status]).sort()).toEqual([
      ['Day-before reminder by e-mail', 'succeeded'],
      ['Day-before reminder', 'skipped'],
    ]);
    expect(textsTo(texted.phone)).toHaveLength(1);
    expect(textsTo(silent.phone)).toEqual([]);
    const mails = await Promise.all(h.smtp.received.map((mail) => simpleParser(mail.raw)));
    expect(mails.map((mail) => mail.to && 'text' in mail.to && mail.to.text)).toEqual([`recipes${people}@example.com`]);
  });

  it('a reminder e-mail rule made before the condition existed gets it, unless staff gave it their own', async () => {
    const rule = await switchOnRecipe('day-before-reminder-email');
    await t
      .db('automations')
      .where({ id: rule.id })
      .update({ conditions: t.db.raw(`'{}'::jsonb`) });
    await conditionOfReminderEmailRule(t.db);
    expect((await t.db('automations').where({ id: rule.id }).first())?.conditions).toEqual({ textsAllowed: false });
    const own = { cleaningType: 'Deep' };
    await t
      .db('automations')
      .where({ id: rule.id })
      .update({ conditions: JSON.stringify(own) });
    await conditionOfReminderEmailRule(t.db);
    expect((await t.db('automations').where({ id: rule.id }).first())?.conditions).toEqual(own);
  });

  it('ask for a review: once per customer after the first completed visit, with the review page', async () => {
    await r.agent
      .put('/api/admin/settings/company')
      .send({
        name: 'Lone Star Shine Cleaning',
        postalAddress: '1200 Main Street\nDallas, TX 75202',
        reviewUrl: REVIEW_URL,
      })
      .expect(200);
    await switchOnRecipe('ask-for-review');
    const weekly = await bookedLead({ frequency: 'Weekly' });
    const [first, second] = weekly.visits as [BookedVisit, BookedVisit];
    // Marked completed before its window without staff's confirmation: refused, and nobody is asked.
    await r.agent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }).expect(409);
    await drainEngines(h.engine.engine);
    expect(await runsOf(weekly.leadId)).toEqual([]);
    await r.agent.patch(`/api/admin/visits/${first.id}`).send(COMPLETE_EARLY).expect(200);
    const [run] = await settledRuns(weekly.leadId, 1);
    expect(run).toMatchObject({ trigger: 'visit_completed', status: 'succeeded' });
    expect(ruleMails(h.smtp.received)).toHaveLength(1);
    const mail = await simpleParser(ruleMails(h.smtp.received)[0]?.raw ?? '');
    expect(mail.subject).toBe('How did we do, Ann?');
    expect(mail.text).toContain(REVIEW_URL);
    expect(mail.html || '').toContain(`href="${REVIEW_URL}"`);

    // The next visit of the series is not a first visit: no second request.
    await r.agent.patch(`/api/admin/visits/${second.id}`).send(COMPLETE_EARLY).expect(200);
    await drainEngines(h.engine.engine);
    expect(await runsOf(weekly.leadId)).toHaveLength(1);
    expect(ruleMails(h.smtp.received)).toHaveLength(1);
  });

  it('ask for a review switched on mid-series does not ask a customer whose first visit is behind them', async () => {
    await r.agent
      .put('/api/admin/settings/company')
      .send({
        name: 'Lone Star Shine Cleaning',
        postalAddress: '1200 Main Street\nDallas, TX 75202',
        reviewUrl: REVIEW_URL,
      })
      .expect(200);
    const weekly = await bookedLead({ frequency: 'Weekly' });
    const [first, second] = weekly.visits as [BookedVisit, BookedVisit];
    await r.agent.patch(`/api/admin/visits/${first.id}`).send(COMPLETE_EARLY).expect(200);
    await drainEngines(h.engine.engine);
    await switchOnRecipe('ask-for-review');
    await r.agent.patch(`/api/admin/visits/${second.id}`).send(COMPLETE_EARLY).expect(200);
    await drainEngines(h.engine.engine);
    expect(await runsOf(weekly.leadId)).toEqual([]);
    expect(ruleMails(h.smtp.received)).toEqual([]);
  });

  it('ask for a review without a review page: skipped with the reason, no e-mail with an empty link', async () => {
    await r.agent
      .put('/api/admin/settings/company')
      .send({ name: 'Lone Star Shine Cleaning', postalAddress: '1200 Main Street\nDallas, TX 75202', reviewUrl: null })
      .expect(200);
    await switchOnRecipe('ask-for-review');
    const lead = await bookedLead();
    await r.agent
      .patch(`/api/admin/visits/${(lead.visits[0] as BookedVisit).id}`)
      .send(COMPLETE_EARLY)
      .expect(200);
    const [run] = await settledRuns(lead.leadId, 1);
    expect(run?.status).toBe('skipped');
    expect(run?.outcome).toContain(MISSING_VALUE_REASONS.reviewUrl);
    await drainEngines(h.engine.engine);
    expect(ruleMails(h.smtp.received)).toEqual([]);
  });
});

// The per-recipient budget at its default (one automated message an hour): a booked cleaning's messages
// are outside it (docs/decisions.md "Automated send budget").
describeApi('scheduling recipes under the send budget', () => {
  const { h, t, r, switchOnRecipe, bookedLead, settledRuns } = useRecipes({
    AUTOMATION_SENDS_PER_RECIPIENT_PER_HOUR: '1',
  });

  it('a review request right after the e-mail reminder is not held by the per-recipient budget', async () => {
    await r.agent
      .put('/api/admin/settings/company')
      .send({
        name: 'Lone Star Shine Cleaning',
        postalAddress: '1200 Main Street\nDallas, TX 75202',
        reviewUrl: REVIEW_URL,
      })
      .expect(200);
    await switchOnRecipe('day-before-reminder-email');
    await switchOnRecipe('ask-for-review');
    const lead = await bookedLead();
    const visit = lead.visits[0] as BookedVisit;
    // A late booking: the reminder goes half an hour before the window, the visit is done soon after.
    t.clock.now = new Date(Date.parse(visit.start) - HOUR / 2);
    await drainEngines(h.engine.engine);
    const staff = await signIn(t.app);
    await settledRuns(lead.leadId, 1, staff);
    t.clock.now = new Date(Date.parse(visit.start) + HOUR / 4);
    await staff.patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
    const runs = await settledRuns(lead.leadId, 2, staff);
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
    const subjects = (await Promise.all(ruleMails(h.smtp.received).map((mail) => simpleParser(mail.raw)))).map(
      (m) => m.subject,
    );
    expect(subjects).toHaveLength(2);
    expect(subjects).toContain('How did we do, Ann?');
  });
});

// The triggers of getting paid (docs/decisions.md, "Payment triggers"): invoice_created fires with the
// invoice a completed visit makes, payment_succeeded with every payment recorded, payment_failed with a
// failed card charge; each a lead event written in the change's transaction, so a rule runs once per
// invoice or payment, and not when the change rolls back.
import { expect, it, beforeAll, afterAll } from 'vitest';
import { withLeadEventOutbox } from '../src/lead-events/lead-events.service.ts';
import {
  createLeadEventsRelay,
  drainEngines,
  dropQueueSchema,
  startTestEngine,
  type TestEngine,
  waitFor,
} from './support/automation-engine.ts';
import { completeVisit, bookedLead, PAYMENTS_ENV, type BookedVisit } from './support/payments.ts';
import { describeApi, signIn, useTestApp } from './support/test-app.ts';

describeApi('automation triggers of payments', () => {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent, env: PAYMENTS_ENV });
  let engine: TestEngine;

  beforeAll(async () => {
    engine = await startTestEngine(t.db, { now: () => t.clock.now ?? new Date() });
    relay.connect(engine.engine);
  });
  afterAll(async () => {
    relay.connect(undefined);
    await engine?.stop();
    await dropQueueSchema(t.db);
  });

  const createTaskRule = async (trigger: string, title: string) => {
    const response = await (await signIn(t.app)).post('/api/admin/automations').send({
      name: title,
      trigger,
      conditions: '{}',
      actions: JSON.stringify({ type: 'create_task', title, dueInHours: 1 }),
    });
    expect(response.status, response.text).toBe(201);
  };
  const runsOf = async (leadId: string) =>
    (await t.db('automation_runs').where({ lead_id: leadId }).select('trigger', 'status')) as Array<{
      trigger: string;
      status: string;
    }>;
  const settled = (leadId: string, count: number) =>
    waitFor(async () => {
      const runs = await runsOf(leadId);
      return runs.length === count && runs.every((run) => ['succeeded', 'failed'].includes(run.status)) && runs;
    });

  it('invoice_created with the completed visit’s invoice, payment_succeeded with each payment, payment_failed with a failed charge', async () => {
    t.clock.now = new Date();
    await createTaskRule('invoice_created', 'Check the invoice went out');
    await createTaskRule('payment_succeeded', 'Thank them for paying');
    await createTaskRule('payment_failed', 'Call about the card');
    const { leadId, visits } = await bookedLead(t);
    const visit = visits[0] as BookedVisit;
    const agent = await completeVisit(t, visit);
    // Completed again (a retried request): still one invoice, one run.
    await agent.patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
    expect((await settled(leadId, 1)).map((run) => run.trigger)).toEqual(['invoice_created']);

    const [invoice] = (await agent.get(`/api/admin/invoices?leadId=${leadId}`).expect(200)).body.items;
    await agent.post(`/api/admin/invoices/${invoice.id}/payments`).send({ method: 'cash', amount: '100' }).expect(201);
    // Refused (over the balance): nothing was recorded, nothing fires.
    await agent.post(`/api/admin/invoices/${invoice.id}/payments`).send({ method: 'cash', amount: '999' }).expect(400);
    await agent
      .post(`/api/admin/invoices/${invoice.id}/payments`)
      .send({ method: 'check', amount: '186.86', reference: '77' })
      .expect(201);
    const paid = await settled(leadId, 3);
    expect(paid.map((run) => run.trigger).sort()).toEqual([
      'invoice_created',
      'payment_succeeded',
      'payment_succeeded',
    ]);

    // A failed card charge writes its event through the same outbox (the card processor's code calls it).
    const [payment] = await t.db('payments').where({ invoice_id: invoice.id }).select('id');
    await withLeadEventOutbox(t.db, (_trx, outbox) =>
      outbox.paymentEvent(leadId, 'payment_failed', { paymentId: payment.id, invoiceId: invoice.id }),
    );
    // One rolled back writes nothing.
    await expect(
      withLeadEventOutbox(t.db, async (_trx, outbox) => {
        await outbox.paymentEvent(leadId, 'payment_failed', { paymentId: payment.id, invoiceId: invoice.id });
        throw new Error('the charge failed to be recorded');
      }),
    ).rejects.toThrow('the charge failed to be recorded');
    const all = await settled(leadId, 4);
    await drainEngines(engine.engine);
    expect(all.map((run) => run.trigger).sort()).toEqual([
      'invoice_created',
      'payment_failed',
      'payment_succeeded',
      'payment_succeeded',
    ]);
    expect(all.every((run) => run.status === 'succeeded')).toBe(true);
    const tasks = await t.db('activities').where({ lead_id: leadId, type: 'task' }).pluck('subject');
    expect(tasks.sort()).toEqual([
      'Call about the card',
      'Check the invoice went out',
      'Thank them for paying',
      'Thank them for paying',
    ]);
  });
});

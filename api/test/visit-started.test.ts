// The crew's Start (PATCH /api/admin/visits/{id} { started }): the time the crew began is kept on the
// visit and shown with it; a visit no longer scheduled cannot be started; a Start pressed by mistake
// is taken back; nothing else changes (the visit stays scheduled, the customer hears nothing).
import { BOOKING_MESSAGES, bookingAnswerSchema } from '@shine/shared/bookings';
import { beforeAll, expect, it } from 'vitest';
import { type Agent, describeApi, insertLead, signIn, useTestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeApi('a visit started by its crew', () => {
  const t = useTestApp();
  let staff: Agent;
  beforeAll(async () => {
    staff = await signIn(t.app);
  });

  async function bookedVisit(firstName: string) {
    const leadId = await insertLead(t.db, {
      first_name: firstName,
      last_name: 'Crew',
      email: `${firstName.toLowerCase()}@crew.example`,
      phone: '214-555-0177',
      zipcode: '75204',
      frequency: 'One Time',
    });
    const start = new Date(Date.now() + 3 * DAY);
    start.setUTCHours(15, 0, 0, 0);
    const booked = await staff
      .post(`/api/admin/leads/${leadId}/booking`)
      .send({ start: start.toISOString(), anyTime: true })
      .expect(201);
    const visit = bookingAnswerSchema.parse(booked.body).booking.visits[0];
    if (!visit) throw new Error('no visit');
    return { leadId, visitId: visit.id, start };
  }

  const listed = async (visitId: string, around: Date) => {
    const from = new Date(around.getTime() - DAY).toISOString();
    const to = new Date(around.getTime() + DAY).toISOString();
    const { items } = (await staff.get(`/api/admin/visits?from=${from}&to=${to}`).expect(200)).body as {
      items: Array<{ id: string; status: string; startedAt: string | null }>;
    };
    return items.find((item) => item.id === visitId);
  };

  it('keeps when the crew began, shows it, takes it back, and changes nothing else', async () => {
    const { visitId, start } = await bookedVisit('Stella');
    expect(await listed(visitId, start)).toMatchObject({ status: 'scheduled', startedAt: null });

    t.clock.now = new Date(start.getTime() + 10 * 60_000);
    const started = await staff.patch(`/api/admin/visits/${visitId}`).send({ started: true }).expect(200);
    expect(started.body).toMatchObject({ status: 'scheduled', startedAt: t.clock.now.toISOString() });
    expect(await listed(visitId, start)).toMatchObject({ startedAt: t.clock.now.toISOString() });

    // Pressed again later: the first time stands.
    const firstStart = t.clock.now.toISOString();
    t.clock.now = new Date(start.getTime() + HOUR);
    await staff.patch(`/api/admin/visits/${visitId}`).send({ started: true }).expect(200);
    expect(await listed(visitId, start)).toMatchObject({ startedAt: firstStart });

    await staff.patch(`/api/admin/visits/${visitId}`).send({ started: false }).expect(200);
    expect(await listed(visitId, start)).toMatchObject({ status: 'scheduled', startedAt: null });
  });

  it('refuses to start a visit that is closed, and a started value that is not true or false', async () => {
    const { visitId, start } = await bookedVisit('Cora');
    t.clock.now = new Date(start.getTime() + HOUR);
    await staff.patch(`/api/admin/visits/${visitId}`).send({ status: 'completed' }).expect(200);
    const refused = await staff.patch(`/api/admin/visits/${visitId}`).send({ started: true }).expect(409);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.visitClosed);
    const bad = await staff.patch(`/api/admin/visits/${visitId}`).send({ started: 'yes' }).expect(400);
    expect(bad.body.message).toMatch(/started must be true or false/);
    expect(await listed(visitId, start)).toMatchObject({ status: 'completed', startedAt: null });
  });
});

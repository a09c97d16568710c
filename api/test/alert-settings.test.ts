import { DEFAULT_NEW_LEAD_ALERT_SETTINGS } from '@shine/shared/new-lead-alerts';
import { describe, expect, it } from 'vitest';
import { describeApi, useTestApp } from './support/test-app.ts';

describeApi('new-lead alert settings (GET/PATCH /api/admin/me/alerts)', () => {
  const t = useTestApp();

  it('answers the defaults until saved, then changes only what was sent', async () => {
    const agent = await t.agent();
    await t.db('users').where({ id: t.adminId }).update({ alert_settings: '{}' });
    expect((await agent.get('/api/admin/me/alerts').expect(200)).body).toEqual(DEFAULT_NEW_LEAD_ALERT_SETTINGS);
    const saved = await agent
      .patch('/api/admin/me/alerts')
      .send({ sound: true, quietHours: { start: '21:00', end: '07:00' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      ...DEFAULT_NEW_LEAD_ALERT_SETTINGS,
      sound: true,
      quietHours: { start: '21:00', end: '07:00' },
    });
    const again = await agent.patch('/api/admin/me/alerts').send({ systemNotifications: true }).expect(200);
    expect(again.body).toMatchObject({ sound: true, systemNotifications: true, quietHours: { start: '21:00' } });
    expect((await agent.get('/api/admin/me/alerts')).body).toEqual(again.body);
  });

  describe('bad input changes nothing', () => {
    it.each([
      [{}, 'Nothing to update'],
      [{ sound: 'yes' }, 'sound must be true or false'],
      [{ quietHours: { start: '9pm', end: '07:00' } }, 'Use a time like 21:00'],
      [{ quietHours: { start: '07:00', end: '07:00' } }, 'Quiet hours must start and end at different times'],
    ])('%j → 400 %s', async (body, message) => {
      const agent = await t.agent();
      const before = (await agent.get('/api/admin/me/alerts')).body;
      const response = await agent.patch('/api/admin/me/alerts').send(body);
      expect(response.status).toBe(400);
      expect(response.text).toContain(message);
      expect((await agent.get('/api/admin/me/alerts')).body).toEqual(before);
    });
  });
});

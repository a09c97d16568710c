// A job this process queues starts at once, not at its worker's next poll: with the poll interval
// at a minute, a quote's welcome e-mail (two hops: the lead's event, then the rule's run) still goes
// out while the test waits its usual 15 seconds.
import type { AutomationRun } from '@shine/shared/automation-rules';
import { expect, it } from 'vitest';
import { useDeliveringEngine, waitFor } from './support/automation-engine.ts';
import { describeApi, VALID_QUOTE } from './support/test-app.ts';
import { createWelcomeEmailRule } from './support/welcome-rule.ts';

describeApi('automation jobs queued by this process', () => {
  const h = useDeliveringEngine({ env: { AUTOMATION_POLL_SECONDS: '60' } });
  const { t } = h;

  it('start at once, without waiting for the queue to be polled', async () => {
    const agent = await t.agent();
    const rule = await createWelcomeEmailRule(agent);

    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;

    // Within waitFor's 15 s, a quarter of one poll interval.
    const runs = await waitFor(async () => {
      const answer = (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
      return answer.length === 1 && answer[0]?.status === 'succeeded' && answer;
    });
    expect(runs[0]).toMatchObject({ automationId: rule.id, trigger: 'lead_created', attempts: 1 });
    expect(h.smtp.received.map((mail) => mail.to)).toEqual([[VALID_QUOTE.email]]);
  });
});

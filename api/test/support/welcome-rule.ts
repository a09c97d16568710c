// The rule most delivery tests start from: "Welcome, {{firstName}}!" e-mailed when a quote arrives.
import type { Automation, Template } from '@shine/shared/types';
import type { Agent } from './test-app.ts';

/** Creates the Welcome e-mail template and an active lead_created rule that sends it, through the API. */
export async function createWelcomeEmailRule(agent: Agent): Promise<Automation> {
  const template = (
    await agent
      .post('/api/admin/templates')
      .send({ name: 'Welcome', type: 'email', subject: 'Welcome, {{firstName}}!', content: 'Hi {{firstName}}!' })
      .expect(201)
  ).body as Template;
  return (
    await agent
      .post('/api/admin/automations')
      .send({
        name: 'Welcome',
        trigger: 'lead_created',
        conditions: '{}',
        actions: JSON.stringify({ type: 'send_email', templateId: template.id }),
      })
      .expect(201)
  ).body as Automation;
}

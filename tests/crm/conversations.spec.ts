// Conversations and consent end to end: a customer's text (the provider's signed webhook call)
// shows in the Inbox with its badge and in the lead drawer's Conversation tab; staff answer by text
// from the drawer, which the SMS stand-in started here receives; after the customer texts STOP, the
// next automated text is skipped with the reason and the drawer refuses texts. It runs against the
// quote-mail server of the config (E2E_MAIL_BASE_URL), whose SMS transport points at this spec's
// stand-in.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { axeBuilder } from '../support/axe.ts';
import { SMS_REFUSALS } from '@shine/shared/sms-consent';
import type { AutomationRun } from '@shine/shared/automation-rules';
import type { Lead } from '@shine/shared/types';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { E2E_MAIL_BASE_URL, E2E_SMS_AUTH_TOKEN, E2E_SMS_PORT } from '../support/env.ts';
import { phoneDigits, uniqueName, uniquePhone } from '../support/unique.ts';
import { signIn } from './support.ts';

interface SentText {
  to: string;
  body: string;
}

const texts: SentText[] = [];
let smsApi: Server | undefined;

test.use({ baseURL: E2E_MAIL_BASE_URL });

test.beforeAll(async () => {
  // Answers like Twilio's Messages resource: 201 with a sid.
  smsApi = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SMe2e${Date.now()}${texts.length}`, status: 'queued' }));
    });
  });
  smsApi.listen(E2E_SMS_PORT, '127.0.0.1');
  await once(smsApi, 'listening');
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (smsApi ? smsApi.close(() => resolve()) : resolve()));
});

/** Twilio's signature: the URL, then every parameter sorted by name, HMAC-SHA1 with the auth token, base64. */
function signatureOf(url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', E2E_SMS_AUTH_TOKEN).update(signed, 'utf8').digest('base64');
}

let sid = 0;
/** The provider's call for a text the customer sent us. */
async function customerTexts(request: APIRequestContext, from: string, body: string): Promise<void> {
  const params = {
    MessageSid: `SMcustomer${Date.now()}${++sid}`,
    AccountSid: 'ACe2e',
    From: `+1${phoneDigits(from)}`,
    To: '+12145550000',
    Body: body,
  };
  const response = await request.post('/api/webhooks/sms', {
    form: params,
    headers: { 'x-twilio-signature': signatureOf(`${E2E_MAIL_BASE_URL}/api/webhooks/sms`, params) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a customer’s text reaches the Inbox and the drawer; staff answer; STOP blocks the next automated text', async ({
  page,
}) => {
  test.slow(); // the live stream, the automation queue and a phone-sized scan on a shared, busy machine
  await signIn(page);
  const name = uniqueName('Texter');
  const phone = uniquePhone();
  const created = await page.request.post('/api/leads', {
    data: {
      firstName: name,
      lastName: 'Tester',
      email: `${name.toLowerCase()}@example.com`,
      phone,
      zipcode: '75201',
      bedrooms: '3',
      bathrooms: '2',
      cleaningType: 'Deep',
      frequency: 'Weekly',
      smsConsent: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lead = (await created.json()) as Lead;

  // The customer writes; the Inbox lists the lead and the menu counts it.
  await page.goto('/admin/crm?section=inbox');
  const menu = page.getByRole('navigation', { name: 'CRM sections' });
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  // The text must come while the screen listens: the live stream opens after the Inbox's first read,
  // and a message between the two would only show at the next refresh.
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  await customerTexts(page.request, phone, 'Is Tuesday morning still open?');
  const inbox = page.getByRole('list', { name: 'Leads with unread replies' });
  const entry = inbox.getByRole('button', { name: new RegExp(`${name} Tester`) });
  await expect(entry).toContainText('Is Tuesday morning still open?');
  await expect(menu.getByTestId('inbox-nav-count')).toBeVisible();

  // Opening it shows the drawer on the conversation with the text, and reading it empties the Inbox of it.
  await entry.click();
  const drawer = page.getByRole('dialog', { name: `${name} Tester` });
  await expect(drawer.getByRole('tab', { name: 'Conversation', selected: true })).toBeVisible();
  const thread = drawer.getByRole('list', { name: 'Messages, oldest first' });
  await expect(thread.getByRole('listitem').last()).toContainText('Is Tuesday morning still open?');
  await expect(thread.getByRole('listitem').last()).toContainText('Customer');
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/admin/inbox');
      const body = (await answer.json()) as { items: Array<{ leadId: string }> };
      return body.items.some((item) => item.leadId === lead.id);
    })
    .toBe(false);

  // Staff answer by text from the drawer.
  await drawer.getByText('Text', { exact: true }).click();
  await drawer.getByRole('textbox', { name: 'Message', exact: true }).fill('Yes! We will be there at 9.');
  await drawer.getByRole('button', { name: 'Send text' }).click();
  await expect(thread.getByRole('listitem').last()).toContainText('Yes! We will be there at 9.');
  await expect(thread.getByRole('listitem').last()).toContainText('Sent');
  expect(texts).toContainEqual({ to: `+1${phoneDigits(phone)}`, body: 'Yes! We will be there at 9.' });

  // The phone-sized drawer passes axe with the conversation open.
  await page.setViewportSize({ width: 390, height: 844 });
  const axe = await (await axeBuilder(page))
    .include('.ant-drawer')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // STOP: the number is opted out; a rule's text on the next status change is skipped with the reason.
  await customerTexts(page.request, phone, 'STOP');
  const template = await page.request.post('/api/admin/templates', {
    data: { name: uniqueName('Qualified text'), type: 'sms', content: 'Hi {{firstName}}, you are qualified!' },
  });
  expect(template.status(), await template.text()).toBe(201);
  const rule = await page.request.post('/api/admin/automations', {
    data: {
      name: uniqueName('Text when qualified'),
      trigger: 'status_changed',
      conditions: JSON.stringify({ toStatus: 'Qualified' }),
      actions: JSON.stringify({ type: 'send_sms', templateId: ((await template.json()) as { id: string }).id }),
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const ruleId = ((await rule.json()) as { id: string }).id;
  try {
    const textsBefore = texts.length;
    const status = await page.request.patch(`/api/admin/leads/${lead.id}/status`, { data: { status: 'Qualified' } });
    expect(status.status(), await status.text()).toBe(200);
    await expect
      .poll(
        async () => {
          const runs = (await (await page.request.get(`/api/admin/leads/${lead.id}/runs`)).json()) as AutomationRun[];
          return runs.find((run) => run.automationId === ruleId)?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('skipped');
    expect(texts.slice(textsBefore)).toEqual([]);
    // The drawer shows the automated text as not sent, and refuses a text by hand.
    await expect(thread.getByText(SMS_REFUSALS.optedOut)).toBeVisible();
    await expect(drawer.getByText(/this number answered STOP/)).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Send text' })).toBeDisabled();
  } finally {
    await page.request.delete(`/api/admin/automations/${ruleId}`);
  }
});

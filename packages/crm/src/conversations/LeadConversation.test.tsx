import { conversationOperations } from '@shine/shared/operations/conversations';
import { automationOperations } from '@shine/shared/operations/automations';
import type { LeadMessage, LeadMessages, SentLeadMessage } from '@shine/shared/responses/conversations';
import { MANUAL_SMS_WITHOUT_CONSENT_WARNING, SMS_REFUSALS } from '@shine/shared/sms-consent';
import type { Lead, Template } from '@shine/shared/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '../test/choose-option.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { makeLead } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadConversation } from './LeadConversation.tsx';
import { SMS_OPTED_OUT_NOTICE } from './ReplyForm.tsx';

const message = (overrides: Partial<LeadMessage>): LeadMessage => ({
  id: crypto.randomUUID(),
  channel: 'sms',
  direction: 'out',
  source: 'automation',
  to: '(214) 555-0100',
  subject: null,
  attachments: [],
  body: 'Thanks for your request!',
  at: '2026-11-20T15:00:00.000Z',
  status: 'sent',
  reason: null,
  sentBy: null,
  ...overrides,
});

const template = (overrides: Partial<Template>): Template => ({
  id: crypto.randomUUID(),
  name: 'Follow-up',
  type: 'email',
  subject: 'Your {{cleaningType}} quote',
  content: 'Hi {{firstName}}, any questions?',
  variables: ['cleaningType', 'firstName'],
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function renderConversation(lead: Lead, items: LeadMessage[], routes: Parameters<typeof mockFetch>[0] = {}) {
  const thread: LeadMessages = { items };
  const fetch = mockFetch({
    ...stubCall(conversationOperations.listLeadMessages, { body: thread }, { params: { id: lead.id } }),
    ...stubCall(conversationOperations.markLeadMessagesRead, { status: 204 }, { params: { id: lead.id } }),
    ...stubCall(automationOperations.listTemplates, { body: [] }),
    ...routes,
  });
  renderWithProviders(<LeadConversation lead={lead} />);
  return fetch;
}

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** antd's radio button: its label takes the click (the input itself is hidden under it). */
const chooseText = () => userEvent.click(screen.getByRole('radio', { name: 'Text' }).closest('label') as HTMLElement);

const sent = (overrides: Partial<LeadMessage>, warning: string | null = null): SentLeadMessage => ({
  message: message({ source: 'staff', sentBy: 'Olivia Owner', ...overrides }),
  warning,
});

describe('LeadConversation', () => {
  it('shows one thread oldest first with author, channel and delivery, and marks it read on opening', async () => {
    const lead = makeLead();
    const { calls } = renderConversation(lead, [
      message({
        channel: 'email',
        to: 'ann@example.com',
        subject: 'Welcome!',
        body: 'Hi Ann!',
        attachments: ['quote-v1.pdf'],
        at: '2026-11-20T15:00:00.000Z',
      }),
      message({ source: 'customer', direction: 'in', to: null, status: 'received', body: 'Is Tuesday open?' }),
      message({
        source: 'staff',
        sentBy: 'Olivia Owner',
        body: 'Tuesday works.',
        status: 'failed',
        reason: 'failed: refused',
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Messages, oldest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Automation',
      'Customer',
      'Olivia Owner',
    ]);
    expect(items[0]?.textContent).toContain('E-mail');
    expect(items[0]?.textContent).toContain('to ann@example.com · E-mail');
    expect(items[0]?.textContent).toContain('Subject: Welcome!');
    expect(items[0]?.textContent).toContain('Attachment: quote-v1.pdf');
    expect(items[1]?.textContent).toContain('to us · Text');
    expect(items[2]?.textContent).toContain('to (214) 555-0100 · Text');
    expect(within(items[2] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(items[2]?.textContent).toContain('failed: refused');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/leads/${lead.id}/messages/read`))).toBe(true),
    );
  });

  it('replies by e-mail from a template with its placeholders filled', async () => {
    const lead = makeLead({ firstName: 'Kim', cleaningType: 'Deep' });
    const { calls } = renderConversation(lead, [], {
      ...stubCall(automationOperations.listTemplates, {
        body: [template({}), template({ name: 'Text', type: 'sms' })],
      }),
      ...stubCall(
        conversationOperations.sendLeadMessage,
        {
          status: 201,
          body: sent({ channel: 'email', subject: 'Your Deep quote', body: 'Hi Kim, any questions?' }),
        },
        { params: { id: lead.id } },
      ),
    });
    await screen.findByText('No messages yet.');
    await screen.findByText('Start from a template');
    expect(screen.getByRole('radiogroup', { name: 'Send as' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Reply to the customer' })).toBeTruthy();
    await chooseOption('Template', 'Follow-up');
    expect(fieldValue('Subject')).toBe('Your Deep quote');
    expect(fieldValue('Message')).toBe('Hi Kim, any questions?');
    await userEvent.click(screen.getByRole('button', { name: /Send e-mail/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'));
    expect(post?.body).toEqual({ channel: 'email', subject: 'Your Deep quote', body: 'Hi Kim, any questions?' });
    await waitFor(() => expect(fieldValue('Message')).toBe(''));
  });

  it('says what is missing before sending, and sends nothing', async () => {
    const lead = makeLead();
    const { calls } = renderConversation(lead, []);
    await screen.findByText('No messages yet.');
    await userEvent.click(screen.getByRole('button', { name: /Send e-mail/ }));
    expect(await screen.findByText('Enter a subject')).toBeTruthy();
    expect(screen.getByText('Write the message')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toHaveLength(0);
  });

  it('warns before a text to a lead without consent, and sends it', async () => {
    const lead = makeLead({ smsConsent: null });
    const { calls } = renderConversation(lead, [], {
      ...stubCall(
        conversationOperations.sendLeadMessage,
        {
          status: 201,
          body: sent({ body: 'On our way' }, MANUAL_SMS_WITHOUT_CONSENT_WARNING),
        },
        { params: { id: lead.id } },
      ),
    });
    await screen.findByText('No messages yet.');
    await chooseText();
    expect(screen.getByText(MANUAL_SMS_WITHOUT_CONSENT_WARNING)).toBeTruthy();
    expect(screen.queryByLabelText('Subject')).toBeNull();
    await userEvent.type(screen.getByLabelText('Message'), 'On our way');
    await userEvent.click(screen.getByRole('button', { name: /Send text/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))?.body).toEqual({
      channel: 'sms',
      body: 'On our way',
    });
  });

  it('refuses texts after STOP, and shows the server’s refusal when it comes first', async () => {
    const optedOut = makeLead({ smsOptedOutAt: '2026-11-20T15:00:00.000Z', smsConsent: '2026-11-01T00:00:00.000Z' });
    renderConversation(optedOut, []);
    await screen.findByText('No messages yet.');
    await chooseText();
    expect(screen.getByText(SMS_OPTED_OUT_NOTICE)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Send text/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the 409 of a STOP that arrived after the drawer opened', async () => {
    const lead = makeLead({ smsConsent: '2026-11-01T00:00:00.000Z' });
    renderConversation(lead, [], {
      ...stubCall(
        conversationOperations.sendLeadMessage,
        { status: 409, body: { message: SMS_REFUSALS.optedOut } },
        { params: { id: lead.id } },
      ),
    });
    await screen.findByText('No messages yet.');
    await chooseText();
    expect(screen.queryByText(MANUAL_SMS_WITHOUT_CONSENT_WARNING)).toBeNull();
    await userEvent.type(screen.getByLabelText('Message'), 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: /Send text/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(SMS_REFUSALS.optedOut);
    // What staff wrote stays in the box.
    expect(fieldValue('Message')).toBe('Hello?');
  });
});

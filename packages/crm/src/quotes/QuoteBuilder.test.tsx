import { quoteOperations } from '@shine/shared/operations/quotes';
import type { Quote } from '@shine/shared/responses/quotes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { makeLead } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { QuoteBuilder } from './QuoteBuilder.tsx';

const lead = makeLead({ firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com' });
const ofLead = { params: { id: lead.id } };
const QUOTE_ID = '5d1e2f3a-4b5c-4d6e-8f70-000000000001';

/** The API's first draft of a Deep, 2 bed, 1.5 bath, Biweekly lead: $414 − 15 % − WELCOME40. */
function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: QUOTE_ID,
    leadId: lead.id,
    version: 1,
    status: 'draft',
    cleaning: { cleaningType: 'Deep', bedrooms: '2', bathrooms: '1.5', frequency: 'Biweekly', price: '414.00' },
    addOns: [],
    welcomeDiscount: true,
    recurringDiscountPercent: 15,
    customDiscount: null,
    taxRate: '0',
    validDays: 14,
    message: null,
    lineItems: [],
    subtotal: '414.00',
    discounts: [],
    discountTotal: '102.10',
    tax: '0.00',
    total: '311.90',
    createdAt: '2025-06-02T15:00:00.000Z',
    updatedAt: '2025-06-02T15:00:00.000Z',
    sentAt: null,
    validUntil: null,
    viewedAt: null,
    answeredAt: null,
    acceptance: null,
    declineReason: null,
    recurring: { frequency: 'Biweekly', perVisitTotal: '351.90' },
    ...overrides,
  };
}

const total = () => screen.getByTestId('quote-total').textContent;

describe('QuoteBuilder', () => {
  it('creates the first draft from the estimate and shows its total from the shared pricing', async () => {
    let items: Quote[] = [];
    const { calls } = mockFetch({
      ...stubCall(quoteOperations.listLeadQuotes, () => ({ body: { items } }), ofLead),
      ...stubCall(
        quoteOperations.createQuote,
        () => {
          items = [makeQuote()];
          return { status: 201, body: items[0] };
        },
        ofLead,
      ),
    });
    renderWithProviders(<QuoteBuilder lead={lead} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create quote' }));
    await screen.findByRole('form', { name: 'Quote v1 (draft)' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
    expect(total()).toBe('$311.90');
    expect((screen.getByLabelText('Cleaning price ($)') as HTMLInputElement).value).toBe('414.00');
    expect((screen.getByLabelText('WELCOME40: $40 off the first cleaning') as HTMLInputElement).checked).toBe(true);
  });

  it('recomputes the total in cents as add-ons, discounts and tax change', async () => {
    mockFetch({ ...stubCall(quoteOperations.listLeadQuotes, { body: { items: [makeQuote()] } }, ofLead) });
    renderWithProviders(<QuoteBuilder lead={lead} />);
    await screen.findByRole('form', { name: 'Quote v1 (draft)' });
    fireEvent.change(screen.getByLabelText('Inside the oven ($35.00 per oven)'), { target: { value: '1' } });
    await waitFor(() => expect(total()).toBe('$346.90'));
    fireEvent.click(screen.getByLabelText('WELCOME40: $40 off the first cleaning'));
    await waitFor(() => expect(total()).toBe('$386.90'));
    fireEvent.change(screen.getByLabelText('Tax rate (%)'), { target: { value: '8.25' } });
    // 386.90 × 8.25 % = 31.91925 → 31.92, rounded half up in whole cents.
    await waitFor(() => expect(total()).toBe('$418.82'));
  });

  it('a free-form discount needs a reason: nothing is saved without one', async () => {
    const { calls } = mockFetch({
      ...stubCall(quoteOperations.listLeadQuotes, { body: { items: [makeQuote()] } }, ofLead),
    });
    renderWithProviders(<QuoteBuilder lead={lead} />);
    await screen.findByRole('form', { name: 'Quote v1 (draft)' });
    fireEvent.change(screen.getByLabelText('Other discount ($)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Say why this discount is given')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves, then sends by e-mail, and offers the customer’s link to copy', async () => {
    const url = 'https://shine.example.com/q/abc123';
    const { calls } = mockFetch({
      ...stubCall(quoteOperations.listLeadQuotes, { body: { items: [makeQuote()] } }, ofLead),
      ...stubCall(
        quoteOperations.updateQuote,
        ({ body }) => ({
          body: makeQuote({ message: String((body as { message: string }).message) }),
        }),
        { params: { id: QUOTE_ID } },
      ),
      ...stubCall(
        quoteOperations.sendQuote,
        {
          body: { quote: makeQuote({ status: 'sent', sentAt: '2025-06-02T15:05:00.000Z' }), url, emailed: true },
        },
        { params: { id: QUOTE_ID } },
      ),
    });
    renderWithProviders(<QuoteBuilder lead={lead} />);
    await screen.findByRole('form', { name: 'Quote v1 (draft)' });
    fireEvent.change(screen.getByLabelText('Reason for the other discount'), { target: { value: 'Neighbour' } });
    fireEvent.change(screen.getByLabelText('Other discount ($)'), { target: { value: '10.5' } });
    fireEvent.change(screen.getByLabelText('Message to the customer'), { target: { value: 'See you soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    expect(await screen.findByText(`Quote v1 e-mailed to ${lead.email}`)).toBeTruthy();
    expect(screen.getByText(url)).toBeTruthy();
    const [patch, send] = calls.filter((call) => call.method !== 'GET');
    expect(patch?.body).toMatchObject({
      customDiscount: { amount: '10.5', reason: 'Neighbour' },
      message: 'See you soon',
      taxRate: '0',
      validDays: 14,
      addOns: [],
    });
    expect(send).toMatchObject({
      url: urlFor(quoteOperations.sendQuote, { params: { id: QUOTE_ID } }),
      body: { email: true },
    });
  });

  it('shows the sent notice on the send’s answer, while the lead’s lists are still being read again', async () => {
    const url = 'https://shine.example.com/q/abc123';
    // Every read after the first stays unanswered until the end: a busy server, or a live event's reads.
    const unanswered: Array<() => void> = [];
    let reads = 0;
    const { calls } = mockFetch({
      ...stubCall(
        quoteOperations.listLeadQuotes,
        () => {
          reads += 1;
          if (reads === 1) return { body: { items: [makeQuote()] } };
          return new Promise((resolve) => unanswered.push(() => resolve({ body: { items: [makeQuote()] } })));
        },
        ofLead,
      ),
      ...stubCall(quoteOperations.updateQuote, { body: makeQuote() }, { params: { id: QUOTE_ID } }),
      ...stubCall(
        quoteOperations.sendQuote,
        {
          body: { quote: makeQuote({ status: 'sent', sentAt: '2025-06-02T15:05:00.000Z' }), url, emailed: true },
        },
        { params: { id: QUOTE_ID } },
      ),
    });
    renderWithProviders(<QuoteBuilder lead={lead} />);
    await screen.findByRole('form', { name: 'Quote v1 (draft)' });
    fireEvent.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    expect(await screen.findByText(`Quote v1 e-mailed to ${lead.email}`)).toBeTruthy();
    expect(screen.getByText(url)).toBeTruthy();
    // The sent version shows from the answer, in place of the draft.
    expect(screen.queryByRole('form', { name: 'Quote v1 (draft)' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Quote versions' })).getByText('Sent')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(1);
    for (const answer of unanswered) answer();
  });

  it('a sent quote is read-only: its versions with times and PDF, and a new version to change it', async () => {
    const sent = makeQuote({
      status: 'accepted',
      sentAt: '2025-06-02T15:05:00.000Z',
      viewedAt: '2025-06-02T16:00:00.000Z',
      answeredAt: '2025-06-02T17:00:00.000Z',
      acceptance: { name: 'Ann Lee', preferredDates: [], note: null },
    });
    const older = makeQuote({ id: '5d1e2f3a-4b5c-4d6e-8f70-000000000000', status: 'superseded', total: '350.00' });
    const { calls } = mockFetch({
      ...stubCall(quoteOperations.listLeadQuotes, { body: { items: [{ ...sent, version: 2 }, older] } }, ofLead),
      ...stubCall(quoteOperations.createQuote, { status: 201, body: makeQuote({ version: 3 }) }, ofLead),
    });
    renderWithProviders(<QuoteBuilder lead={lead} />);
    const versions = await screen.findByRole('list', { name: 'Quote versions' });
    expect(screen.queryByRole('form')).toBeNull();
    const [newest, oldest] = within(versions).getAllByRole('listitem');
    expect(newest?.textContent).toContain('v2Accepted$311.90');
    expect(newest?.textContent).toMatch(/Sent .* · viewed .* · answered /);
    expect(newest?.textContent).toContain('Accepted by “Ann Lee”');
    expect(oldest?.textContent).toContain('v1Replaced$350.00');
    expect(
      within(newest as HTMLElement)
        .getByRole('link', { name: 'PDF of quote v2' })
        .getAttribute('href'),
    ).toBe(urlFor(quoteOperations.getQuotePdf, { params: { id: QUOTE_ID } }));
    fireEvent.click(screen.getByRole('button', { name: 'New version' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
  });
});

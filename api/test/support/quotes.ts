// Helpers of the quote tests: a lead from the public form, and its quote as a draft, then sent.
import type { Express } from 'express';
import type { QuoteSent } from '@shine/shared/responses/quotes';
import supertest from 'supertest';
import { type Agent, VALID_QUOTE } from './test-app.ts';

/** A lead from the quote form (Deep, 2 bedrooms, 1.5 bathrooms, Biweekly: list price $414, 15 % off). */
export async function createLeadThroughForm(app: Express, overrides: Record<string, string> = {}): Promise<string> {
  const response = await supertest(app)
    .post('/api/leads')
    .send({ ...VALID_QUOTE, ...overrides })
    .expect(201);
  return response.body.id as string;
}

/**
 * A draft from the lead's estimate, sent without e-mail: the answer holds the customer's link. Untaxed
 * unless the body names a rate (a first draft takes the payments setting's 8.25 %), so the tests' figures
 * read as the price table's.
 */
export async function sendNewQuote(agent: Agent, leadId: string, body: object = {}): Promise<QuoteSent> {
  const draft = await agent
    .post(`/api/admin/leads/${leadId}/quotes`)
    .send({ taxRate: '0', ...body })
    .expect(201);
  const sent = await agent.post(`/api/admin/quotes/${draft.body.id}/send`).send({ email: false }).expect(200);
  return sent.body as QuoteSent;
}

/** The token of a customer's link (…/q/{token}). */
export function tokenOf(url: string): string {
  return new URL(url).pathname.split('/').pop() as string;
}

/** Where a customer's first booking says to clean: a city of the service area. */
export const TEST_ADDRESS = { line1: '4521 Elm Street', city: 'Plano', zip: '75024' } as const;

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { LeadStatusUpdate } from '../leads.ts';
import type { LeadDetail, LeadPage } from '../types.ts';
import type { automationOperations } from './automations.operations.ts';
import { leadOperations } from './leads.operations.ts';
import type { AnswerOf, BodyOf, InputOf, ParamsOf, QueryInputOf } from './operation.ts';
import { pathOf } from './operation.ts';
import { findOperation, NAMED_OPERATIONS, OPERATIONS } from './operations.ts';

describe('the call table', () => {
  it('has one entry per method and path, each under /api', () => {
    const keys = OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(OPERATIONS.filter((operation) => !operation.path.startsWith('/api/'))).toEqual([]);
  });

  it('names each call once across the features (a name is how tests key their bodies)', () => {
    const names = NAMED_OPERATIONS.map(([name]) => name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('finds the literal path before the pattern', () => {
    expect(findOperation('POST', '/api/admin/leads/export')).toBe(leadOperations.exportLeads);
    expect(findOperation('GET', '/api/admin/leads/abc')).toBe(leadOperations.getLead);
    expect(findOperation('HEAD', '/api/admin/leads')).toBe(leadOperations.listLeads);
  });
});

describe('pathOf', () => {
  it('fills each parameter in as one encoded segment', () => {
    expect(pathOf(leadOperations.getLead, { id: 'a/b?c' })).toBe('/api/admin/leads/a%2Fb%3Fc');
    expect(pathOf(leadOperations.applyRequestDetails, { id: 'l', requestId: 'r' })).toBe(
      '/api/admin/leads/l/requests/r/apply',
    );
    expect(pathOf(leadOperations.listLeads)).toBe('/api/admin/leads');
  });

  it('refuses a path with a parameter left out', () => {
    expect(() => pathOf(leadOperations.getLead, {})).toThrow(/no value for :id/);
  });
});

describe('the types an entry gives', () => {
  it('types the answer, the params, the query and the body from the schemas', () => {
    expectTypeOf<AnswerOf<typeof leadOperations.getLead>>().toEqualTypeOf<LeadDetail>();
    expectTypeOf<AnswerOf<typeof leadOperations.listLeads>>().toEqualTypeOf<LeadPage>();
    expectTypeOf<AnswerOf<typeof leadOperations.deleteHeldSubmission>>().toEqualTypeOf<undefined>();
    expectTypeOf<ParamsOf<typeof leadOperations.getLead>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<BodyOf<typeof leadOperations.changeLeadStatus>>().toEqualTypeOf<LeadStatusUpdate>();
    // Defaults make a query key optional for the caller; the route reads it filled in.
    expectTypeOf<QueryInputOf<typeof leadOperations.listLeads>['page']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<keyof InputOf<typeof leadOperations.getStats>>().toEqualTypeOf<never>();
    // Both answers of a recipe (200 already added, 201 added) are the rule.
    expectTypeOf<AnswerOf<typeof automationOperations.addAutomationRecipe>>().toEqualTypeOf<
      AnswerOf<typeof automationOperations.createAutomation>
    >();
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, leadFilterKey, leadViewQuery, parseLeadView, writeLeadView } from './lead-view-params.ts';

describe('lead view in the address', () => {
  it('reads every part, and the defaults from a plain address', () => {
    expect(parseLeadView(new URLSearchParams('section=leads'))).toEqual({
      params: {
        search: undefined,
        status: undefined,
        priority: undefined,
        assignedTo: undefined,
        page: 1,
        pageSize: DEFAULT_PAGE_SIZE,
        sort: 'lastRequestAt',
        order: 'desc',
      },
      view: 'table',
    });
    const full = new URLSearchParams(
      'q=garcia&status=Won&priority=High&assignee=me&sort=estimatedValue&order=asc&page=3&size=50&view=pipeline',
    );
    expect(parseLeadView(full)).toEqual({
      params: {
        search: 'garcia',
        status: 'Won',
        priority: 'High',
        assignedTo: 'me',
        page: 3,
        pageSize: 50,
        sort: 'estimatedValue',
        order: 'asc',
      },
      view: 'pipeline',
    });
  });

  it('falls back part by part on what it does not know (an old or hand-edited link)', () => {
    const odd = new URLSearchParams(
      'q=%20%20&status=Maybe&priority=urgent&sort=password&order=up&page=-2&size=7&view=x',
    );
    expect(parseLeadView(odd).params).toMatchObject({
      search: undefined,
      status: undefined,
      priority: undefined,
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: 'lastRequestAt',
      order: 'desc',
    });
    expect(parseLeadView(odd).view).toBe('table');
    expect(parseLeadView(new URLSearchParams('page=2.5')).params.page).toBe(1);
    expect(parseLeadView(new URLSearchParams('sort=createdAt&order=sideways')).params).toMatchObject({
      sort: 'createdAt',
      order: 'desc',
    });
  });

  it('writes only what differs from the defaults, keeping the page’s own parameters', () => {
    const current = new URLSearchParams('section=leads&lead=abc&q=old&page=4');
    const defaults = parseLeadView(new URLSearchParams());
    expect(writeLeadView(current, defaults).toString()).toBe('section=leads&lead=abc');
    const written = writeLeadView(current, {
      view: 'pipeline',
      params: { ...defaults.params, search: 'ana maria', priority: 'Low', sort: 'createdAt', order: 'desc', page: 2 },
    });
    expect(written.toString()).toBe(
      'section=leads&lead=abc&q=ana+maria&priority=Low&sort=createdAt&order=desc&page=2&view=pipeline',
    );
    // What is written reads back the same.
    expect(parseLeadView(written).params).toMatchObject({ search: 'ana maria', priority: 'Low', page: 2 });
  });

  it("compares views by the view's own part, in a fixed order", () => {
    expect(leadViewQuery(new URLSearchParams('section=leads'))).toBe('');
    expect(leadViewQuery(new URLSearchParams('page=2&section=leads&q=x'))).toBe(
      leadViewQuery(new URLSearchParams('q=x&page=2')),
    );
  });

  it('keys a selection by which leads are shown: paging and order aside', () => {
    const base = parseLeadView(new URLSearchParams('q=ann')).params;
    const key = leadFilterKey(base, 'table');
    expect(leadFilterKey({ ...base, page: 3, sort: 'createdAt', order: 'asc', pageSize: 50 }, 'table')).toBe(key);
    expect(leadFilterKey({ ...base, search: 'garcia' }, 'table')).not.toBe(key);
    expect(leadFilterKey({ ...base, status: 'Won' }, 'table')).not.toBe(key);
    expect(leadFilterKey({ ...base, assignedTo: 'me' }, 'table')).not.toBe(key);
    expect(leadFilterKey(base, 'pipeline')).not.toBe(key);
  });
});

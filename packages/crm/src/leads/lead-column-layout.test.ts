import { describe, expect, it } from 'vitest';
import { chooseLeadColumnLayout } from './lead-column-layout.ts';

describe('leads table columns for a width', () => {
  it('shows every column when there is room', () => {
    expect(chooseLeadColumnLayout(1600)).toMatchObject({
      contactInName: false,
      serviceInName: false,
      priorityInStatus: false,
    });
  });

  it('folds Contact, then Service, into the name, then Priority into the status, as the room shrinks', () => {
    const full = chooseLeadColumnLayout(10_000).minWidth;
    expect(chooseLeadColumnLayout(full - 1)).toMatchObject({ contactInName: true, serviceInName: false });
    const contactFolded = chooseLeadColumnLayout(full - 1).minWidth;
    expect(chooseLeadColumnLayout(contactFolded - 1)).toMatchObject({
      contactInName: true,
      serviceInName: true,
      priorityInStatus: false,
    });
    const serviceFolded = chooseLeadColumnLayout(contactFolded - 1).minWidth;
    expect(chooseLeadColumnLayout(serviceFolded - 1)).toMatchObject({ priorityInStatus: true });
  });

  it('always fits the width it chose for, down to the most folded form', () => {
    for (let width = 0; width <= 1600; width += 10) {
      const layout = chooseLeadColumnLayout(width);
      const mostFolded = layout.contactInName && layout.serviceInName && layout.priorityInStatus;
      if (!mostFolded) expect(layout.minWidth).toBeLessThanOrEqual(width);
    }
  });

  it("fits the content area of a 1280 px laptop (sidebar open, the page's and the table box's scrollbars)", () => {
    // 1280 − 15 page scrollbar − 232 sidebar − 2 × 24 content padding − 2 × 24 card padding − 2 border,
    // less the table box's own 15 px scrollbar once a page of rows is taller than the box: 920.
    expect(chooseLeadColumnLayout(920).minWidth).toBeLessThanOrEqual(920);
  });
});

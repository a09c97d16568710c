import { afterEach, describe, expect, it } from 'vitest';
import { createCardFocusKeeper } from './pipeline.ts';

/** A card element of the board, with its status select (a combobox), put into the page. */
function card(leadId: string, column: HTMLElement): HTMLElement {
  const element = document.createElement('li');
  element.dataset.leadId = leadId;
  const select = document.createElement('input');
  select.setAttribute('role', 'combobox');
  element.append(select);
  column.append(element);
  return element;
}

const select = (element: HTMLElement) => element.querySelector('input') as HTMLInputElement;

afterEach(() => document.body.replaceChildren());

describe('createCardFocusKeeper', () => {
  const setUp = () => {
    const from = document.body.appendChild(document.createElement('ul'));
    const to = document.body.appendChild(document.createElement('ul'));
    const keeper = createCardFocusKeeper((leadId) => [
      ...document.querySelectorAll<HTMLElement>(`[data-lead-id="${leadId}"]`),
    ]);
    return { from, to, keeper };
  };

  it('moves focus to the card already drawn in its new column when the old one leaves', () => {
    const { from, to, keeper } = setUp();
    const old = card('a', from);
    select(old).focus();
    const moved = card('a', to);
    keeper.drawn('a', moved); // focus is still on the old card: not taken
    expect(document.activeElement).toBe(select(old));
    keeper.leaving('a', old);
    old.remove();
    expect(document.activeElement).toBe(select(moved));
  });

  it('gives focus to the card drawn after the old one left', () => {
    const { from, to, keeper } = setUp();
    const old = card('a', from);
    select(old).focus();
    keeper.leaving('a', old);
    old.remove();
    expect(document.activeElement).toBe(document.body);
    const other = card('b', to);
    keeper.drawn('b', other);
    expect(document.activeElement).toBe(document.body);
    const moved = card('a', to);
    keeper.drawn('a', moved);
    expect(document.activeElement).toBe(select(moved));
  });

  it('takes nothing from a person who has moved on, or from a card that held no focus', () => {
    const { from, to, keeper } = setUp();
    const old = card('a', from);
    select(old).focus();
    keeper.leaving('a', old);
    old.remove();
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    keeper.drawn('a', card('a', to));
    expect(document.activeElement).toBe(elsewhere);

    const quiet = card('c', from);
    keeper.leaving('c', quiet);
    quiet.remove();
    keeper.drawn('c', card('c', to));
    expect(document.activeElement).toBe(elsewhere);
  });
});

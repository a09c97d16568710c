import type { FocusEvent, KeyboardEvent } from 'react';

function isMenuList(element: EventTarget | null): element is HTMLElement {
  return element instanceof HTMLElement && element.getAttribute('role') === 'menu';
}

function isMenuItem(element: EventTarget | null): element is HTMLElement {
  return element instanceof HTMLElement && element.getAttribute('role') === 'menuitem';
}

/**
 * Completes the keyboard pattern of antd's Menu (rc-menu) for the sidebar: the menu is one Tab stop
 * and the arrow keys, Home and End move among its items, but Tab lands on the list itself, where Enter
 * does nothing until an arrow key has picked an item, and Space never activates one. Handlers for the
 * element around the menu: Tab lands on the current section's item, Space activates like Enter, and
 * Shift+Tab from an item leaves the menu instead of stopping on its list; focus given to an item's link
 * goes to the item.
 */
export const menuKeyboardHandlers = {
  onFocus(event: FocusEvent<HTMLElement>) {
    // An item's link (CrmPage: each section is a link) is no stop of its own: the menu moves focus to
    // it on an arrow key, and it goes back to its item, where Enter and Space work as on any item.
    const link = event.target;
    if (link instanceof HTMLAnchorElement) {
      const item = link.closest<HTMLElement>('[role="menuitem"]');
      if (item) item.focus();
      return;
    }
    const list = event.target;
    if (!isMenuList(list) || list.contains(event.relatedTarget as Node | null)) return;
    const item =
      list.querySelector<HTMLElement>('[role="menuitem"][aria-current="page"], .ant-menu-item-selected') ??
      list.querySelector<HTMLElement>('[role="menuitem"]');
    item?.focus();
  },
  onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const item = event.target;
    if (!isMenuItem(item)) return;
    if (event.key === ' ') {
      event.preventDefault();
      item.click();
      return;
    }
    const list = item.closest<HTMLElement>('[role="menu"]');
    if (event.key === 'Tab' && event.shiftKey && list) {
      // The list is the Tab stop before its items: skipped for this one move, a Tab stop again after.
      list.tabIndex = -1;
      window.setTimeout(() => {
        list.tabIndex = 0;
      });
    }
  },
};

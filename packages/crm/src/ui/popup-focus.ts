/**
 * Whether focus is inside a popover (Popconfirm's, portalled to the end of the page) or lost to the
 * body: a confirmation that closes from the inside (Cancel, Escape) gives focus back to the button
 * that opened it, one that closes because someone clicked elsewhere leaves focus where they put it.
 */
export function focusIsInPopupOrLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.closest('.ant-popover') !== null;
}

// docs/requirements.md#states: tooltips open after 700 ms, but without delay within 300 ms of a previous close,
// so sweeping across a toolbar does not wait on every button.
export const TOOLTIP_OPEN_DELAY_MS = 700;
const TOOLTIP_SKIP_WINDOW_MS = 300;

let skipping = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function subscribeTooltipDelay(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isSkippingTooltipDelay(): boolean {
  return skipping;
}

/** Called when a tooltip closes: opens the skip window. */
export function noteTooltipClosed(): void {
  skipping = true;
  emit();
  clearTimeout(timer);
  timer = setTimeout(() => {
    skipping = false;
    emit();
  }, TOOLTIP_SKIP_WINDOW_MS);
}

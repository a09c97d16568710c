// New-lead alerts share the CRM's one toast slot with the toasts of staff's own actions ("Status
// updated", "Released as a lead"). An alert never takes the slot from a toast on screen: it waits
// until the slot is free, so the feedback of what someone just did is never replaced by news from
// elsewhere (an action's toast does replace an alert: what the person did comes first). Alerts that
// pile up while waiting (a burst of quotes) become one summary, not a minute of toasts one after
// another; alerts that waited longer than MAX_WAIT_MS are dropped (the leads are in the list by then).

export const QUEUE_CHECK_MS = 300;
export const MAX_WAIT_MS = 60_000;

export interface AlertQueue<T> {
  push: (alert: T) => void;
  stop: () => void;
}

export function createAlertQueue<T>(options: {
  /** Whether a toast is on screen now. */
  isBusy: () => boolean;
  show: (alert: T) => void;
  /** One alert standing for several that waited together. */
  summarize: (alerts: T[]) => T;
  now?: () => number;
}): AlertQueue<T> {
  const now = options.now ?? Date.now;
  const waiting: Array<{ alert: T; at: number }> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const drain = () => {
    timer = undefined;
    while (waiting.length > 0 && now() - (waiting[0] as { at: number }).at > MAX_WAIT_MS) waiting.shift();
    if (waiting.length === 0) return;
    if (options.isBusy()) {
      timer = setTimeout(drain, QUEUE_CHECK_MS);
      return;
    }
    const ready = waiting.splice(0).map((item) => item.alert);
    options.show(ready.length === 1 ? (ready[0] as T) : options.summarize(ready));
  };

  return {
    push: (alert) => {
      waiting.push({ alert, at: now() });
      if (!timer) drain();
    },
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
      waiting.length = 0;
    },
  };
}

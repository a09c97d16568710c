/**
 * Time from the visitor's first touch of the form (focus, key, pointer or input: browser autofill
 * fires input) to its submission, for the API's minimum fill time. Measured from the first touch
 * rather than from page load, so that reading the page first does not count as filling it in.
 * Never touched before the submit (a script that submits by itself) is 0.
 */
export function createFillTimer(now: () => number = () => performance.now()) {
  let firstTouch: number | undefined;
  return {
    touch(): void {
      firstTouch ??= now();
    },
    elapsedMs(): number {
      return firstTouch === undefined ? 0 : Math.round(now() - firstTouch);
    },
  };
}

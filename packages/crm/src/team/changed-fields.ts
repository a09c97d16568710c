/**
 * The entries of `next` that differ from `initial` (compared as JSON), so a PATCH carries only what
 * the person changed: the audit then records exactly that, and a field the form could not show
 * (unknown to it) is never overwritten.
 */
export function pickChanged<T extends Record<string, unknown>>(initial: Partial<T>, next: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as Array<keyof T>) {
    if (JSON.stringify(next[key] ?? null) !== JSON.stringify(initial[key] ?? null)) changed[key] = next[key];
  }
  return changed;
}

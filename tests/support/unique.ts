// Run-unique data: every spec makes its own leads and finds them by a name or phone no other spec,
// worker or repeat of the same spec uses (a repeat request with a known phone and name, or a known
// e-mail, joins the open lead).

/** A name no other test (or run of two workers) uses, so searches find exactly its leads. */
export function uniqueName(prefix = 'E2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * A 555 number with a random area code and line: one per lead, so leads are not repeats of each other
 * (8 million numbers; with 100 of 800 × 100 numbers, one run in sixteen had two specs share a phone).
 */
export function uniquePhone(): string {
  const area = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `(${area}) 555-${line}`;
}

/** The digits of a phone, as a tel: link carries them. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

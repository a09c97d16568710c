// CSV building (RFC 4180) with spreadsheet formula-injection neutralisation (OWASP "CSV Injection").
// No CSV library: writing is the small part of RFC 4180, and the guard below is what matters.

/** First in a CSV file: the UTF-8 byte order mark, so Excel reads "José Martínez-Öztürk" as written. */
export const CSV_BOM = '\uFEFF';

/** What starts a formula once the cell is normalised (OWASP: = + - @, and tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Characters a spreadsheet may skip or the reader cannot see before the first visible one: format
 * characters (zero-width space/joiners U+200B–U+200D, word joiner U+2060, BOM U+FEFF, soft hyphen,
 * every bidi mark and isolate), combining marks with nothing to combine with (Mn, Me: the combining
 * grapheme joiner U+034F is invisible), controls (tab, CR, LF, NUL…), spaces of any kind (NBSP,
 * ideographic space…), and the blank-looking Hangul fillers and Braille blank. A cell "\u200B=cmd|…"
 * looks like text in a review and may still be run as a formula by some reader (docs/security.md,
 * review findings 6 and 22).
 */
const LEADING_INVISIBLE = /^[\p{Cf}\p{Cc}\p{Mn}\p{Me}\p{Z}\s\u115F\u1160\u3164\uFFA0\u2800]+/u;

/** Controls that are themselves dangerous at the start of a cell (OWASP: tab, CR; ASVS: NUL). */
const DANGEROUS_CONTROL = /[\t\r\0]/;

/** Printable ASCII characters (U+0021–U+007E) that do not start a formula: 1, every other ASCII code 0. */
const PLAIN_ASCII_START = new Uint8Array(0x80);
for (let code = 0x21; code < 0x7f; code += 1) PLAIN_ASCII_START[code] = 1;
for (const start of '=+-@') PLAIN_ASCII_START[start.charCodeAt(0)] = 0;

/**
 * Whether a spreadsheet could read the cell as a formula. The text is normalised first — NFKC folds
 * the full-width ＝ ＋ － ＠ (and the small forms ﹦ ﹢ ﹣ ﹫) into = + - @ — and its leading invisible
 * characters are skipped; a tab, CR or NUL among them counts as a formula start itself.
 */
export function needsFormulaGuard(value: string): boolean {
  // Most cells start with a printable ASCII character other than = + - @: that is already the first
  // visible character, and NFKC keeps it there (composing it with a following mark gives a letter or
  // symbol outside ASCII, never one of = + - @), so the answer is known without normalising.
  const first = value.charCodeAt(0);
  if (first < 0x80 && PLAIN_ASCII_START[first] === 1) return false;
  const normalised = value.normalize('NFKC');
  const invisible = LEADING_INVISIBLE.exec(normalised)?.[0] ?? '';
  if (DANGEROUS_CONTROL.test(invisible)) return true;
  return FORMULA_START.test(normalised.slice(invisible.length));
}

/**
 * Prefixes a cell that a spreadsheet would run as a formula with a single quote. The original text
 * is kept as it was (not the normalised form): the guard only adds the quote.
 */
export function neutraliseCell(value: string): string {
  return needsFormulaGuard(value) ? `'${value}` : value;
}

function toCellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}

/**
 * Quoted when it holds the separator of any common locale — comma, semicolon (Excel in most of
 * Europe), tab (a file opened as TSV) — or a quote or a line break, so a reader splitting on any of
 * them keeps the cell whole.
 */
const QUOTED_IF_HELD = new Uint8Array(0x80);
for (const character of '",;\t\r\n') QUOTED_IF_HELD[character.charCodeAt(0)] = 1;

function needsQuotes(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x80 && QUOTED_IF_HELD[code] === 1) return true;
  }
  return false;
}

export function escapeCsvCell(value: unknown): string {
  const text = neutraliseCell(toCellText(value));
  return needsQuotes(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function buildCsvRow(values: readonly unknown[]): string {
  let row = '';
  for (let at = 0; at < values.length; at += 1)
    row += at === 0 ? escapeCsvCell(values[at]) : `,${escapeCsvCell(values[at])}`;
  return row;
}

/** A whole CSV document: a header row and one row per record, CRLF line ends. */
export function buildCsv<T extends Record<string, unknown>>(
  columns: ReadonlyArray<{ key: keyof T & string; header: string }>,
  rows: readonly T[],
): string {
  const lines = [buildCsvRow(columns.map((column) => column.header))];
  for (const row of rows) lines.push(buildCsvRow(columns.map((column) => row[column.key])));
  return `${lines.join('\r\n')}\r\n`;
}

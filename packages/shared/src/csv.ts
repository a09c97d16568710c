// CSV building (RFC 4180) with spreadsheet formula-injection neutralisation (OWASP "CSV Injection").

const FORMULA_PREFIXES = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Prefixes a cell that a spreadsheet would run as a formula with a single quote. */
export function neutraliseCell(value: string): string {
  return value.length > 0 && FORMULA_PREFIXES.has(value[0] as string) ? `'${value}` : value;
}

function toCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}

export function escapeCsvCell(value: unknown): string {
  const text = neutraliseCell(toCellText(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function buildCsvRow(values: readonly unknown[]): string {
  return values.map(escapeCsvCell).join(',');
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

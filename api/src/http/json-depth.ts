// A JSON text's nesting depth, measured by one pass over its bytes before JSON.parse sees it: a body
// of `[[[[…` a million levels deep is refused after its 33rd bracket instead of blocking the event
// loop in a recursive parse (docs/security.md, review finding 1).

/** Arrays and objects may nest this deep in any request body. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether the JSON text nests arrays and objects deeper than `limit`. Brackets inside strings do not
 * count. Malformed text is not judged here (JSON.parse refuses it next); the scan stops as soon as the
 * limit is passed, so its cost is bounded by the body size limit and usually much less.
 */
export function exceedsJsonDepth(text: Uint8Array, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

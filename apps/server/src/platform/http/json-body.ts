import { AppError } from './errors';

/**
 * The deepest nesting of arrays and objects a JSON body may have. No input of the contract comes near it; a
 * body nested far deeper (50 000 levels fit in 100 KB) would make anything that walks it recursively, zod
 * included, overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How deep `text` nests, counted without parsing (one pass over the characters, strings skipped), and stopping
 * as soon as it passes `limit`. Malformed text is left for JSON.parse to refuse.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * A request body as the API reads it: empty is `{}`, malformed JSON and JSON nested deeper than MAX_JSON_DEPTH
 * are input errors (…0400), refused before anything walks the value.
 */
export function parseJsonBody(body: string): unknown {
  const text = body.trim();
  if (text === '') return {};
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError('jsonTooDeep', { max: MAX_JSON_DEPTH });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('malformedJson');
  }
}

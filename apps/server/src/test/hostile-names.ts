import fc from 'fast-check';

/** Pieces an attacker puts in a file name: traversal, separators, controls, header breakers, bidi tricks. */
const fragments = fc.constantFrom(
  '../',
  '..\\',
  '..',
  '/',
  '\\',
  '/etc/passwd',
  'C:\\Windows\\',
  '\u0000',
  '\r\n',
  '\r',
  '\n',
  'Set-Cookie: a=b',
  '"',
  "'",
  ';',
  '%00',
  '%2e%2e%2f',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\u0085',
  '\ud800',
  '\udfff',
  '😀',
  '固件',
  'é',
  'e\u0301',
  'CON',
  'nul.txt',
  ' ',
  '.',
  '.bin',
  '*?<>|:',
  '\t',
);

/**
 * Hostile file names for tests (fast-check): fragments mixed with arbitrary UTF-16 (lone surrogates included) and
 * very long runs. Shared by the name, download and upload tests.
 */
export const hostileName: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.oneof(fragments, fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 12 }).map((p) => p.join('')),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((codes) => String.fromCharCode(...codes)),
  fc
    .tuple(fc.constantFrom('a', '中', '😀', '../', '\u0000'), fc.integer({ min: 100, max: 3000 }), fragments)
    .map(([unit, n, tail]) => unit.repeat(n) + tail),
);

/** `count` hostile names, the same on every run. */
export const hostileNames = (count: number): string[] => fc.sample(hostileName, { numRuns: count, seed: 20_260_808 });

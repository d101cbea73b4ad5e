/**
 * Hostile values of a path parameter, as they appear in a request's path (percent-encoded where a client must
 * encode): traversal (plain, encoded, double-encoded, backslashes), NUL, malformed percent-encoding and invalid
 * UTF-8 (a lone surrogate's bytes included), unicode tricks, markup, header breakers, and overlong values.
 */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..%5c..%5cwindows%5cwin.ini',
  '%252e%252e%252f',
  '%00',
  'a%00b',
  '%',
  '%E0%A4%A',
  '%ff%fe',
  '%ED%A0%80',
  encodeURIComponent('设备😀\u202e\u200b\ufeff'),
  encodeURIComponent('e\u0301\u0085'),
  encodeURIComponent('<script>"\'`;|*?'),
  encodeURIComponent('\r\nSet-Cookie: a=b'),
  'x'.repeat(5000),
  encodeURIComponent('中'.repeat(300)),
];

/** More for a parameter that takes the rest of the path (`*`): traversal across segments, as sent. */
export const HOSTILE_REST: readonly string[] = [
  ...HOSTILE_SEGMENTS,
  '../../../../etc/passwd',
  'assets/../../../package.json',
  '..%2f..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/%2e%2e/package.json',
  '.env',
  'a/'.repeat(500),
];

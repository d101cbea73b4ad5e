/** Longest display name kept, in UTF-16 code units (well under every file system's 255-byte limit once encoded). */
const MAX_NAME = 120;
const FALLBACK = 'download';

// C0 and C1 controls (NUL, CR, LF, …), DEL, and the bidirectional and invisible format characters that make a
// name show something other than what it is ("exe.txt" spelled backwards).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is removed.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Characters Windows refuses in names, and the path separators everywhere.
const RESERVED = /[<>:"/\\|?*]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A user-given file name made safe to show and to offer as a download name: no path (separators become `_`), no
 * controls, no bidirectional tricks, no leading dots or trailing dots and spaces, no Windows device name, at most
 * 120 characters (the extension kept). Never empty. Only ever metadata: stored names are generated (BlobStore).
 */
export function safeFileName(name: string): string {
  let s = name.replace(LONE_SURROGATE, '').normalize('NFC').replace(UNSAFE, '').replace(RESERVED, '_');
  s = s.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
  if (WINDOWS_DEVICE.test(s)) s = `_${s}`;
  if (s.length > MAX_NAME) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 16 ? s.slice(dot) : '';
    s = cut(s.slice(0, s.length - ext.length), MAX_NAME - ext.length) + ext;
  }
  return s || FALLBACK;
}

/** The first `length` code units without splitting a surrogate pair. */
function cut(s: string, length: number): string {
  const head = s.slice(0, length);
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

/** RFC 5987 attr-char: what may stand unescaped in `filename*`. */
const encodeRfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` for a download (RFC 6266): `attachment` (or `inline`) with an ASCII `filename` for old
 * clients and the full UTF-8 name in `filename*` (RFC 5987). The name goes through `safeFileName` first, so the
 * header can carry no quote, backslash, CR or LF, and a saved file no path.
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[%"\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}

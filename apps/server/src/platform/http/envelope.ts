import type { Envelope } from '@keel/contract/envelope';
import { formatMessage, type Locale, messages } from '@keel/contract/status';
import type { AppError } from './errors';

const okMessage = { 'zh-cn': messages.ok['zh-cn'], en: messages.ok.en } as const;

export function okEnvelope<T>(data: T, locale: Locale): Envelope<T> {
  return { status: 0, msg: okMessage[locale], data };
}

/** `{"status":0,"msg":"…","data":` per message of `okEnvelope`, as UTF-8. */
const okPrefixes = new Map<string, Buffer>(
  Object.values(okMessage).map((msg) => [msg, Buffer.from(`{"status":0,"msg":${JSON.stringify(msg)},"data":`)]),
);
const CLOSE_BRACE = 0x7d;

/** The prefix of an envelope `{ status: 0, msg }` whose message is the catalogue's `ok` (any locale), if it is. */
export const okPrefixOf = (msg: string): Buffer | undefined => okPrefixes.get(msg);

/**
 * The bytes of an envelope from its prefix (`okPrefixOf`) and the JSON of its data, built without one JavaScript
 * string for the whole answer: the catalogue's message is not Latin-1, so such a string is stored two bytes a
 * character and the answer is measured, copied and transcoded again on its way out. Here only the data is a
 * string (usually ASCII, so one byte a character), written after the fixed prefix.
 */
export function envelopeBytes(prefix: Buffer, json: string): Buffer {
  const out = Buffer.allocUnsafe(prefix.length + Buffer.byteLength(json) + 1);
  prefix.copy(out, 0);
  const end = prefix.length + out.write(json, prefix.length);
  out[end] = CLOSE_BRACE;
  return out;
}

export function errorEnvelope(error: AppError, locale: Locale): Envelope<null> {
  return { status: messages[error.key].status, msg: formatMessage(error.key, locale, error.params), data: null };
}

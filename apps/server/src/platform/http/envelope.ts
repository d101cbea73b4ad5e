import type { Envelope } from '@keel/contract/envelope';
import { formatMessage, type Locale, messages } from '@keel/contract/status';
import type { AppError } from './errors';

const okMessage = { 'zh-cn': messages.ok['zh-cn'], en: messages.ok.en } as const;

export function okEnvelope<T>(data: T, locale: Locale): Envelope<T> {
  return { status: 0, msg: okMessage[locale], data };
}

/** `{"status":0,"msg":"…","data":` per locale, as UTF-8. */
const okPrefix = {
  'zh-cn': Buffer.from(`{"status":0,"msg":${JSON.stringify(okMessage['zh-cn'])},"data":`),
  en: Buffer.from(`{"status":0,"msg":${JSON.stringify(okMessage.en)},"data":`),
} as const;
const CLOSE_BRACE = 0x7d;

/**
 * The bytes of `JSON.stringify(okEnvelope(data, locale))`, built without one JavaScript string for the whole
 * answer: the catalogue's message is not Latin-1, so such a string is stored two bytes a character and the
 * answer is measured, copied and transcoded again on its way out. Here only the data is stringified (usually
 * ASCII, so one byte a character) and written after the fixed prefix. Undefined when the data has no JSON form.
 */
export function okEnvelopeBytes(data: unknown, locale: Locale): Buffer | undefined {
  const json = JSON.stringify(data ?? null) as string | undefined;
  if (json === undefined) return undefined;
  const prefix = okPrefix[locale];
  const out = Buffer.allocUnsafe(prefix.length + Buffer.byteLength(json) + 1);
  prefix.copy(out, 0);
  const end = prefix.length + out.write(json, prefix.length);
  out[end] = CLOSE_BRACE;
  return out;
}

export function errorEnvelope(error: AppError, locale: Locale): Envelope<null> {
  return { status: messages[error.key].status, msg: formatMessage(error.key, locale, error.params), data: null };
}

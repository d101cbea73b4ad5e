import type { Envelope } from '@keel/contract/envelope';
import { formatMessage, type Locale, messages } from '@keel/contract/status';
import type { AppError } from './errors';

const okMessage = { 'zh-cn': messages.ok['zh-cn'], en: messages.ok.en } as const;

export function okEnvelope<T>(data: T, locale: Locale): Envelope<T> {
  return { status: 0, msg: okMessage[locale], data };
}

export function errorEnvelope(error: AppError, locale: Locale): Envelope<null> {
  return { status: messages[error.key].status, msg: formatMessage(error.key, locale, error.params), data: null };
}

import type { AppFileItem, AppFileKind } from '@keel/contract/endpoints/app-store';
import { Status } from '@keel/contract/status';
import { badResponseText, httpErrorText, networkErrorText } from '../api/http-error-text';
import { countInFlight } from '../api/in-flight';
import { currentLanguage } from '../i18n/language';
import { addLocalePrefix } from '../i18n/locale-path';
import { useSession } from '../session/session-store';

/** A refused or failed upload; `message` is for the reader (the server's, already in their language). */
export class UploadRefused extends Error {
  constructor(
    message: string,
    /** The envelope's status, or 0 when there was no envelope (HTTP, network). */
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/**
 * What an answer to `ai/uploadAppFile` means: the file on status 0; otherwise an `UploadRefused` with the server's
 * message (translated by the server), or the client's text for an HTTP failure or an answer that is no envelope.
 */
export function readUploadAnswer(httpStatus: number, statusText: string, body: string): AppFileItem | UploadRefused {
  if (httpStatus !== 200) return new UploadRefused(httpErrorText(httpStatus, statusText), 0);
  let envelope: { status?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(body) as typeof envelope;
  } catch {
    return new UploadRefused(badResponseText(), 0);
  }
  if (typeof envelope?.status !== 'number') return new UploadRefused(badResponseText(), 0);
  if (envelope.status !== 0) {
    return new UploadRefused(typeof envelope.msg === 'string' ? envelope.msg : badResponseText(), envelope.status);
  }
  return envelope.data as AppFileItem;
}

export interface UploadOptions {
  /** Bytes sent and the file's size, as the browser sends it. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `ai/uploadAppFile?kind=`: the file as `multipart/form-data` (the JSON client sends no files) with the session's
 * headers, through XMLHttpRequest for its upload progress; counted as a call in flight like every other. Resolves
 * with the file (an APK with what was read from it); rejects with `UploadRefused` carrying the reason.
 */
export function uploadAppFile(kind: AppFileKind, file: File, options: UploadOptions = {}): Promise<AppFileItem> {
  return countInFlight(
    () =>
      new Promise<AppFileItem>((resolve, reject) => {
        const { userInfo, selectedPropertyPno } = useSession.getState();
        const language = currentLanguage();
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `/api/ai/uploadAppFile?${new URLSearchParams({ kind })}`);
        xhr.setRequestHeader('token', userInfo?.token ?? '');
        if (selectedPropertyPno) xhr.setRequestHeader('pno', selectedPropertyPno);
        xhr.setRequestHeader('Accept-Language', language);
        xhr.setRequestHeader('Content-Language', language);
        xhr.upload.onprogress = (event) =>
          options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
        xhr.onload = () => {
          const answer = readUploadAnswer(xhr.status, xhr.statusText, xhr.responseText);
          if (answer instanceof UploadRefused) {
            reject(answer);
            // As the API client does on an expired session: signed out, to the sign-in page.
            if (answer.status === Status.sessionExpired) {
              useSession.getState().clearUserInfo();
              window.location.assign(addLocalePrefix('/', currentLanguage()));
            }
          } else resolve(answer);
        };
        xhr.onerror = () => reject(new UploadRefused(networkErrorText(), 0));
        xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
        options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        const body = new FormData();
        body.append('file', file, file.name);
        xhr.send(body);
      }),
  );
}

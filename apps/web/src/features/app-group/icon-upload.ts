import type { AppFileItem } from '@keel/contract/endpoints/app-store';
import { badResponseText, httpErrorText, networkErrorText } from '../../shared/api/http-error-text';
import { countInFlight } from '../../shared/api/in-flight';
import { currentLanguage } from '../../shared/i18n/language';
import { useSession } from '../../shared/session/session-store';

/**
 * Uploads a category icon as an image of the app store (`ai/uploadAppFile?kind=image`, `multipart/form-data`, which
 * the JSON client does not send) with the session's headers; an icon is small, so no progress is shown. Resolves with
 * the file; rejects with an Error whose message is for the reader (the server's refusal, already translated).
 */
export function uploadCategoryIcon(file: File): Promise<AppFileItem> {
  return countInFlight(async () => {
    const { userInfo, selectedPropertyPno } = useSession.getState();
    const language = currentLanguage();
    const body = new FormData();
    body.append('file', file, file.name);
    let res: Response;
    try {
      res = await fetch('/api/ai/uploadAppFile?kind=image', {
        method: 'POST',
        headers: {
          token: userInfo?.token ?? '',
          ...(selectedPropertyPno ? { pno: selectedPropertyPno } : {}),
          'Accept-Language': language,
          'Content-Language': language,
        },
        body,
      });
    } catch {
      throw new Error(networkErrorText());
    }
    if (res.status !== 200) throw new Error(httpErrorText(res.status, res.statusText));
    const envelope = (await res.json().catch(() => null)) as { status?: unknown; msg?: unknown; data?: unknown } | null;
    if (typeof envelope?.status !== 'number') throw new Error(badResponseText());
    if (envelope.status !== 0) throw new Error(typeof envelope.msg === 'string' ? envelope.msg : badResponseText());
    return envelope.data as AppFileItem;
  });
}

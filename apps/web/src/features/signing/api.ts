import type { EndpointPath } from '@keel/contract/endpoints/index';
import { SIGNING_PERMISSIONS } from '@keel/contract/endpoints/signing';
import { currentLanguage } from '../../shared/i18n/language';
import { useSession } from '../../shared/session/session-store';

export {
  CERT_EXPIRY_WARN_DAYS,
  type CertItem,
  SIGN_AUTH_TYPES,
  SIGN_TYPES,
  type SignRecordItem,
  type SignType,
} from '@keel/contract/endpoints/signing';
export const P = SIGNING_PERMISSIONS;

export const CERT_READS: readonly EndpointPath[] = [
  'cert/getCertList',
  'cert/getCertInfo',
  'cs/getCertTreeList',
  'cs/getFilters',
  'cs/getCertSignRelList',
  'cp/getPlatformInfoList',
  'ca/getUkeyCertList',
];
export const MODULE_READS: readonly EndpointPath[] = [
  'sm/getSignModuleList',
  'cs/getCertSignRelList',
  'cs/getFilters',
  'sign/getSignOptions',
];
export const COLLECTION_READS: readonly EndpointPath[] = ['pc/getPermCollectionList', 'pcg/getPermCollectionGroupList'];
export const GRANT_READS: readonly EndpointPath[] = [
  'pcau/getPermCollectionAuthList',
  'pcau/getPermCollectionGroupAuthList',
  'ca/getUserList',
  'ca/getTitleList',
  'ca/getUserSetList',
  'ca/getOrgList',
  'ca/getUkeyList',
  'uk/getUkeyAuthList',
  'uk/getUkeyList',
  'pc/getPermCollectionList',
  'pcg/getPermCollectionGroupList',
  'sign/getSignOptions',
];

export interface SignAnswer {
  sigId: string;
  signature: string;
  outputName: string;
  algorithm: string;
  artifactSha256: string;
}

/**
 * `sign/signUpload`: posts the file as multipart (the JSON client does not send files) with the session's headers;
 * answers the envelope's data, or throws with the server's message.
 */
export async function uploadAndSign(moduleId: string, certId: string, file: File): Promise<SignAnswer> {
  const { userInfo, selectedPropertyPno } = useSession.getState();
  const body = new FormData();
  body.append('file', file, file.name);
  const language = currentLanguage();
  const response = await fetch(`/api/sign/signUpload?${new URLSearchParams({ moduleId, certId })}`, {
    method: 'POST',
    headers: {
      token: userInfo?.token ?? '',
      pno: selectedPropertyPno ?? '',
      'Accept-Language': language,
      'Content-Language': language,
    },
    body,
  });
  if (response.status !== 200) throw new Error(response.statusText || String(response.status));
  const envelope = (await response.json()) as { status: number; msg: string; data: SignAnswer };
  if (envelope.status !== 0) throw new Error(envelope.msg);
  return envelope.data;
}

/** Starts a browser download of a link. */
export function downloadUrl(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Reads a File as base64 (imports). */
export function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

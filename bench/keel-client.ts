// Talking to a Keel server from a bench's parent process: JSON over fetch, and the demo owner's sign-in the way
// the console does it (SPEC §7: the password encrypted with the server's public key).
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';

const DEMO_ACCOUNT = '13800000001';
const DEMO_PASSWORD = 'Demo1234';

/** The API's answer (SPEC §7). */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** `url`'s JSON body; throws on an HTTP status other than 2xx. */
export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Signs in as the demo owner at `base` (the server's origin); answers the session token and the number of the
 * property named `property` (the first of the account's properties when no name is given).
 */
export async function signIn(base: string, property?: string): Promise<{ token: string; pno: string }> {
  const key = await getJson<Envelope<{ publicKey: string }>>(`${base}/api/a/getPublicKey`);
  const publicKey = createPublicKey({ key: Buffer.from(key.data.publicKey, 'base64'), format: 'der', type: 'spki' });
  const password = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(DEMO_PASSWORD),
  ).toString('base64url');
  const login = await getJson<Envelope<{ token: string; propertyList: { pno: string; name: string }[] }>>(
    `${base}/api/a/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-language': 'zh-cn', 'accept-language': 'zh-cn' },
      body: JSON.stringify({ account: DEMO_ACCOUNT, password }),
    },
  );
  if (login.status !== 0) throw new Error(`sign-in failed: ${login.status} ${login.msg}`);
  const list = login.data.propertyList;
  const pno = (property === undefined ? list[0] : list.find((p) => p.name === property))?.pno;
  if (!login.data.token || !pno) throw new Error(`sign-in answered no token or no ${property ?? 'property'}`);
  return { token: login.data.token, pno };
}

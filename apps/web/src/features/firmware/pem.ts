/** What a vendor key field holds: SWUpdate's signing certificate(s), or Mender's public key. */
export type PemKind = 'certificate' | 'publicKey';

/** Why a PEM text cannot be a key of that kind (a message key under `firmware.keys.pem`), or null when it can. */
export type PemProblem = 'noBlock' | 'privateKey' | 'wrongLabel' | 'badBase64' | 'badDer' | 'outside';

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
const LABELS: Record<PemKind, readonly string[]> = {
  certificate: ['CERTIFICATE'],
  publicKey: ['PUBLIC KEY', 'RSA PUBLIC KEY'],
};

/** The length a DER value starting at 0 declares (tag, length, content), or -1 when it is not one. */
function derLength(der: Uint8Array): number {
  if (der.length < 2 || der[0] !== 0x30) return -1;
  const first = der[1] as number;
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  if (octets === 0 || octets > 4 || der.length < 2 + octets) return -1;
  let n = 0;
  for (let i = 0; i < octets; i++) n = n * 256 + (der[2 + i] as number);
  return 2 + octets + n;
}

function decode(body: string): Uint8Array | null {
  const text = body.replace(/\s+/g, '');
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Reads a PEM text the way the server will, as far as a browser can without an ASN.1 library: one or more blocks
 * (certificates) or one block (a public key) with the right label, base64 bodies, each one whole DER SEQUENCE. The
 * server parses the certificate or key itself and refuses what this lets through. '' (no key) is fine.
 */
export function pemProblem(text: string, kind: PemKind): PemProblem | null {
  const pem = text.trim();
  if (pem === '') return null;
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) return 'privateKey';
  const blocks = [...pem.matchAll(BLOCK)];
  if (blocks.length === 0) return 'noBlock';
  if (pem.replace(BLOCK, '').trim() !== '') return 'outside';
  if (kind === 'publicKey' && blocks.length > 1) return 'outside';
  for (const [, label, body] of blocks) {
    if (!LABELS[kind].includes(label as string)) return 'wrongLabel';
    const der = decode(body as string);
    if (!der) return 'badBase64';
    if (derLength(der) !== der.length) return 'badDer';
  }
  return null;
}

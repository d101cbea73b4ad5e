import { createHash, randomBytes } from 'node:crypto';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ALGORITHMS } from './algorithms';
import { inspectPkcs8, inspectSpki, KeyError, type KeyInfo, type SigningKey } from './keys';

/**
 * Certificates: building a self-signed certificate or a CSR for a key (pkijs; the to-be-signed part is signed by
 * the key's own `signStream`, so SM2 and token keys work alike), reading one (pkijs; the public key read by keys.ts,
 * which also knows SM2), and importing PEM, DER and PKCS#12 (pkijs, with its password).
 */

export interface SubjectInput {
  CN: string;
  O?: string;
  OU?: string;
  C?: string;
  ST?: string;
  L?: string;
}

const NAME_OIDS: Record<keyof SubjectInput, string> = {
  C: '2.5.4.6',
  ST: '2.5.4.8',
  L: '2.5.4.7',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  CN: '2.5.4.3',
};

function nameOf(subject: SubjectInput): pkijs.RelativeDistinguishedNames {
  const rdn = new pkijs.RelativeDistinguishedNames();
  for (const key of ['C', 'ST', 'L', 'O', 'OU', 'CN'] as const) {
    const value = subject[key]?.trim();
    if (!value) continue;
    rdn.typesAndValues.push(
      new pkijs.AttributeTypeAndValue({
        type: NAME_OIDS[key],
        value: key === 'C' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
      }),
    );
  }
  return rdn;
}

/** The SubjectPublicKeyInfo as an object pkijs can encode (its own class refuses SM2 keys). */
const rawSpki = (spki: Uint8Array) =>
  ({
    toSchema: () => asn1js.fromBER(new Uint8Array(spki)).result,
    toJSON: () => ({}),
  }) as unknown as pkijs.PublicKeyInfo;

const algorithmId = (alg: SignatureAlgorithm) =>
  new pkijs.AlgorithmIdentifier({
    algorithmId: ALGORITHMS[alg].oid,
    ...(ALGORITHMS[alg].keyType === 'RSA' ? { algorithmParams: new asn1js.Null() } : {}),
  });

const timeOf = (date: Date) => new pkijs.Time({ type: date.getUTCFullYear() >= 2050 ? 1 : 0, value: date });

const ab = (b: Uint8Array) => new Uint8Array(b).slice().buffer;

/** A self-signed certificate (CA: it may issue, and it signs). */
export async function selfSignedCertificate(
  key: SigningKey,
  alg: SignatureAlgorithm,
  subject: SubjectInput,
  notBefore: Date,
  notAfter: Date,
): Promise<Buffer> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = randomBytes(16);
  // Positive and without a leading zero byte: a first byte of 0x00 would be illegal DER padding (openssl refuses the
  // certificate) whenever the second is below 0x80, about one serial in 256.
  serial[0] = ((serial[0] as number) & 0x7f) | 0x40;
  cert.serialNumber = new asn1js.Integer({ valueHex: ab(serial) });
  cert.subject = nameOf(subject);
  cert.issuer = nameOf(subject);
  cert.notBefore = timeOf(notBefore);
  cert.notAfter = timeOf(notAfter);
  cert.subjectPublicKeyInfo = rawSpki(key.spki);
  const keyId = createHash('sha1').update(inspectSpki(key.spki).spki).digest();
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: true }).toSchema().toBER(false),
      parsedValue: new pkijs.BasicConstraints({ cA: true }),
    }),
    new pkijs.Extension({
      extnID: '2.5.29.15',
      critical: true,
      // digitalSignature, nonRepudiation, keyCertSign
      extnValue: new asn1js.BitString({ valueHex: new Uint8Array([0xc4]).buffer, unusedBits: 2 }).toBER(false),
    }),
    new pkijs.Extension({
      extnID: '2.5.29.14',
      extnValue: new asn1js.OctetString({ valueHex: ab(keyId) }).toBER(false),
    }),
  ];
  cert.signature = algorithmId(alg);
  cert.signatureAlgorithm = algorithmId(alg);
  const tbs = Buffer.from(cert.encodeTBS().toBER(false));
  const signature = await key.signStream(alg, [tbs]);
  cert.signatureValue = new asn1js.BitString({ valueHex: ab(signature) });
  return Buffer.from(cert.toSchema(true).toBER(false));
}

/** A PKCS#10 certificate signing request. */
export async function certificationRequest(
  key: SigningKey,
  alg: SignatureAlgorithm,
  subject: SubjectInput,
): Promise<Buffer> {
  const csr = new pkijs.CertificationRequest();
  csr.version = 0;
  csr.subject = nameOf(subject);
  csr.subjectPublicKeyInfo = rawSpki(key.spki);
  csr.attributes = [];
  csr.signatureAlgorithm = algorithmId(alg);
  const tbs = Buffer.from((csr as unknown as { encodeTBS(): asn1js.Sequence }).encodeTBS().toBER(false));
  const signature = await key.signStream(alg, [tbs]);
  csr.signatureValue = new asn1js.BitString({ valueHex: ab(signature) });
  return Buffer.from(csr.toSchema(true).toBER(false));
}

export interface CertFacts extends KeyInfo {
  subject: string;
  issuer: string;
  /** Hex, upper case. */
  serial: string;
  notBefore: number;
  notAfter: number;
  /** SHA-256 of the DER, hex upper case with colons. */
  fingerprint: string;
  selfSigned: boolean;
  signatureAlgorithm: string;
}

export const fingerprintOf = (der: Uint8Array) =>
  createHash('sha256')
    .update(der)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');

const SHORT_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(NAME_OIDS).map(([k, v]) => [v, k])),
  '1.2.840.113549.1.9.1': 'E',
  '2.5.4.5': 'SERIALNUMBER',
};

/** `CN=…, O=…` in the certificate's order. */
function nameText(rdn: pkijs.RelativeDistinguishedNames): string {
  return rdn.typesAndValues
    .map(
      (tv) =>
        `${SHORT_NAMES[tv.type] ?? tv.type}=${String((tv.value as { valueBlock: { value: unknown } }).valueBlock.value)}`,
    )
    .join(', ');
}

/** What a certificate says; throws KeyError for bytes that are not one. */
export function readCertificate(der: Uint8Array): CertFacts {
  let cert: pkijs.Certificate;
  try {
    cert = pkijs.Certificate.fromBER(ab(der));
  } catch {
    throw new KeyError('not an X.509 certificate');
  }
  const spki = Buffer.from(cert.subjectPublicKeyInfo.toSchema().toBER(false));
  const key = inspectSpki(spki);
  const subject = nameText(cert.subject);
  const issuer = nameText(cert.issuer);
  const sigOid = cert.signatureAlgorithm.algorithmId;
  return {
    ...key,
    subject,
    issuer,
    serial: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
    notBefore: cert.notBefore.value.getTime(),
    notAfter: cert.notAfter.value.getTime(),
    fingerprint: fingerprintOf(der),
    selfSigned: subject === issuer,
    signatureAlgorithm: Object.values(ALGORITHMS).find((a) => a.oid === sigOid)?.name ?? sigOid,
  };
}

export const toPem = (der: Uint8Array, label: 'CERTIFICATE' | 'CERTIFICATE REQUEST') =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;

/** The DER blocks of a PEM text, by label. */
export function pemBlocks(text: string): Array<{ label: string; der: Buffer }> {
  const out: Array<{ label: string; der: Buffer }> = [];
  const re = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ label: m[1] as string, der: Buffer.from((m[2] as string).replace(/\s+/g, ''), 'base64') });
  }
  return out;
}

export interface ImportedMaterial {
  /** The certificates, the end-entity (the one matching the key, if any) first. */
  certificates: Buffer[];
  /** The private key as PKCS#8 DER, when the input carried one. */
  pkcs8: Buffer | null;
}

const OID_KEY_BAG = '1.2.840.113549.1.12.10.1.1';
const OID_SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const OID_CERT_BAG = '1.2.840.113549.1.12.10.1.3';

/** Reads a PKCS#12 file with its password (wrong password or broken file: KeyError). */
export async function readPkcs12(der: Uint8Array, password: string): Promise<ImportedMaterial> {
  const pwd = ab(Buffer.from(password, 'utf8'));
  const certificates: Buffer[] = [];
  let pkcs8: Buffer | null = null;
  try {
    const pfx = pkijs.PFX.fromBER(ab(der));
    await pfx.parseInternalValues({ password: pwd, checkIntegrity: true });
    const safe = pfx.parsedValue?.authenticatedSafe;
    if (!safe) throw new KeyError('empty PKCS#12');
    await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password: pwd })) });
    for (const content of safe.parsedValue?.safeContents ?? []) {
      for (const bag of content.value.safeBags) {
        if (bag.bagId === OID_CERT_BAG) {
          const value = bag.bagValue as pkijs.CertBag;
          certificates.push(Buffer.from((value.parsedValue as pkijs.Certificate).toSchema().toBER(false)));
        } else if (bag.bagId === OID_SHROUDED_KEY_BAG) {
          // Decrypted here and kept as DER: pkijs's own parseInternalValues reads the PKCS#8 with PrivateKeyInfo,
          // which refuses an EC key on a curve it does not know (SM2); inspectPkcs8 reads it with asn1js.
          const value = bag.bagValue as pkijs.PKCS8ShroudedKeyBag;
          const decrypted = await new pkijs.EncryptedData({
            encryptedContentInfo: new pkijs.EncryptedContentInfo({
              contentEncryptionAlgorithm: value.encryptionAlgorithm,
              encryptedContent: value.encryptedData,
            }),
          }).decrypt({ password: pwd });
          pkcs8 = Buffer.from(decrypted);
        } else if (bag.bagId === OID_KEY_BAG) {
          pkcs8 = Buffer.from((bag.bagValue as pkijs.PrivateKeyInfo).toSchema().toBER(false));
        }
      }
    }
  } catch (error) {
    if (error instanceof KeyError) throw error;
    throw new KeyError('the PKCS#12 file cannot be read with this password');
  }
  return orderByKey({ certificates, pkcs8 });
}

/** Reads PEM text (certificates, a PKCS#8 key) or one DER certificate. */
export function readPemOrDer(bytes: Buffer): ImportedMaterial {
  const text = bytes.toString('latin1');
  if (text.includes('-----BEGIN')) {
    const blocks = pemBlocks(text);
    const certificates = blocks.filter((b) => b.label === 'CERTIFICATE').map((b) => b.der);
    const key = blocks.find((b) => b.label === 'PRIVATE KEY');
    if (blocks.some((b) => b.label === 'RSA PRIVATE KEY' || b.label === 'EC PRIVATE KEY')) {
      throw new KeyError('convert the key to PKCS#8 (openssl pkcs8 -topk8 -nocrypt)');
    }
    if (blocks.some((b) => b.label === 'ENCRYPTED PRIVATE KEY')) {
      throw new KeyError('an encrypted PEM key: import a PKCS#12 file with its password instead');
    }
    return orderByKey({ certificates, pkcs8: key?.der ?? null });
  }
  return { certificates: [bytes], pkcs8: null };
}

/** Puts the certificate whose public key is the key's first; checks there is one when a key came. */
function orderByKey(m: ImportedMaterial): ImportedMaterial {
  if (m.certificates.length === 0) throw new KeyError('no certificate in the file');
  if (!m.pkcs8) return m;
  const spki = inspectPkcs8(m.pkcs8).spki;
  const index = m.certificates.findIndex((c) => readCertificate(c).spki.equals(spki));
  if (index < 0) throw new KeyError('the private key does not belong to any certificate in the file');
  const [mine] = m.certificates.splice(index, 1);
  return { certificates: [mine as Buffer, ...m.certificates], pkcs8: m.pkcs8 };
}

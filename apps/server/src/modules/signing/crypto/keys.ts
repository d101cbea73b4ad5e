import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  sign as oneShotSign,
  privateEncrypt,
} from 'node:crypto';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import * as asn1js from 'asn1js';
import { ALGORITHMS, type AlgorithmDef, DIGEST_OIDS, type KeyType, OID_EC, OID_RSA, OID_SM2_CURVE } from './algorithms';
import { type CurveName, ecdsaSignDigest, publicPointOf, sm2SignDigest, sm2UserHash } from './ec-math';

/**
 * Private keys held by Keel (envelope-encrypted at rest, see envelope.ts) as PKCS#8 DER, and the one signing
 * interface every key offers — software keys here, PKCS#11 tokens in pkcs11.ts. Signatures are DER for (EC)DSA
 * and SM2, PKCS#1 v1.5 for RSA.
 */

const CURVE_OIDS: Record<string, CurveName> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
  [OID_SM2_CURVE]: 'SM2',
};
const NODE_CURVES: Record<Exclude<CurveName, 'SM2'>, string> = {
  'P-256': 'prime256v1',
  'P-384': 'secp384r1',
  'P-521': 'secp521r1',
};

export interface KeyInfo {
  keyType: KeyType;
  /** RSA modulus bits, or the curve's field bits. */
  bits: number;
  curve: CurveName | null;
  /** SubjectPublicKeyInfo DER. */
  spki: Buffer;
}

/** What a signing key offers, wherever it lives. */
export interface SigningKey extends KeyInfo {
  /** Signs a message given in chunks; answers the signature. */
  signStream(alg: SignatureAlgorithm, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Buffer>;
  /**
   * Signs a digest the caller computed with the algorithm's hash (for SM3WITHSM2: e = SM3(Z ‖ M), Z with the default
   * user id — what `sm2Digest` computes).
   */
  signDigest(alg: SignatureAlgorithm, digest: Uint8Array): Promise<Buffer>;
}

export class KeyError extends Error {}

/** The key's type, size and public key; throws KeyError for a key Keel cannot sign with. */
export function inspectPkcs8(der: Uint8Array): KeyInfo & { d: Buffer | null } {
  // Read with asn1js directly: pkijs refuses an EC key on a curve it does not know (SM2).
  const parsed = asn1js.fromBER(new Uint8Array(der));
  const top = parsed.offset === -1 ? undefined : (parsed.result as asn1js.Sequence);
  const [, algorithm, privateKey] = top?.valueBlock?.value ?? [];
  const [algOid, params] = (algorithm as asn1js.Sequence | undefined)?.valueBlock?.value ?? [];
  if (!(algOid instanceof asn1js.ObjectIdentifier) || !(privateKey instanceof asn1js.OctetString)) {
    throw new KeyError('not a PKCS#8 private key');
  }
  const alg = algOid.valueBlock.toString();
  if (alg === OID_RSA) {
    const key = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    return { keyType: 'RSA', bits, curve: null, spki: spkiOf(key), d: null };
  }
  if (alg === OID_EC) {
    const curveOid = params instanceof asn1js.ObjectIdentifier ? params.valueBlock.toString() : '';
    const curve = CURVE_OIDS[curveOid];
    if (!curve) throw new KeyError(`unsupported curve ${curveOid || '(none)'}`);
    const ec = asn1js.fromBER(privateKey.valueBlock.valueHexView);
    const octets = (ec.result as asn1js.Sequence).valueBlock?.value?.[1];
    if (!(octets instanceof asn1js.OctetString)) throw new KeyError('malformed EC private key');
    const d = Buffer.from(octets.valueBlock.valueHexView);
    const point = publicPointOf(curve, d);
    return {
      keyType: curve === 'SM2' ? 'SM2' : 'EC',
      bits: curve === 'P-521' ? 521 : curve === 'P-384' ? 384 : 256,
      curve,
      spki: ecSpki(curve, point),
      d,
    };
  }
  throw new KeyError(`unsupported key algorithm ${alg}`);
}

function spkiOf(key: KeyObject): Buffer {
  return createPublicKey(key).export({ format: 'der', type: 'spki' }) as Buffer;
}

const CURVE_OID_OF: Record<CurveName, string> = Object.fromEntries(
  Object.entries(CURVE_OIDS).map(([oid, name]) => [name, oid]),
) as Record<CurveName, string>;

/** SubjectPublicKeyInfo of an EC (or SM2) public point. */
export function ecSpki(curve: CurveName, point: Uint8Array): Buffer {
  const spki = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.ObjectIdentifier({ value: OID_EC }),
          new asn1js.ObjectIdentifier({ value: CURVE_OID_OF[curve] }),
        ],
      }),
      new asn1js.BitString({ valueHex: new Uint8Array(point).buffer }),
    ],
  });
  return Buffer.from(spki.toBER());
}

/** The algorithm OID, curve OID (EC) and key bits of a SubjectPublicKeyInfo (read with asn1js: pkijs refuses SM2). */
export function readSpki(spki: Uint8Array): { alg: string; curveOid: string; key: Buffer } {
  const parsed = asn1js.fromBER(new Uint8Array(spki));
  const [algorithm, bits] = parsed.offset === -1 ? [] : ((parsed.result as asn1js.Sequence).valueBlock?.value ?? []);
  const [algOid, params] = (algorithm as asn1js.Sequence | undefined)?.valueBlock?.value ?? [];
  if (!(algOid instanceof asn1js.ObjectIdentifier) || !(bits instanceof asn1js.BitString)) {
    throw new KeyError('not a public key');
  }
  return {
    alg: algOid.valueBlock.toString(),
    curveOid: params instanceof asn1js.ObjectIdentifier ? params.valueBlock.toString() : '',
    key: Buffer.from(bits.valueBlock.valueHexView),
  };
}

/** The public point `04 ‖ x ‖ y` of an EC SubjectPublicKeyInfo. */
export const ecPointOf = (spki: Uint8Array): Buffer => readSpki(spki).key;

/** Type, size and curve of a public key. */
export function inspectSpki(spki: Uint8Array): KeyInfo {
  const { alg, curveOid } = readSpki(spki);
  if (alg === OID_RSA) {
    const key = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
    return { keyType: 'RSA', bits: key.asymmetricKeyDetails?.modulusLength ?? 0, curve: null, spki: Buffer.from(spki) };
  }
  const curve = alg === OID_EC ? CURVE_OIDS[curveOid] : undefined;
  if (!curve) throw new KeyError(`unsupported public key ${alg} ${curveOid}`);
  return {
    keyType: curve === 'SM2' ? 'SM2' : 'EC',
    bits: curve === 'P-521' ? 521 : curve === 'P-384' ? 384 : 256,
    curve,
    spki: Buffer.from(spki),
  };
}

export type KeySpec =
  | { keyType: 'RSA'; bits: 2048 | 3072 | 4096 }
  | { keyType: 'EC'; curve: Exclude<CurveName, 'SM2'> }
  | { keyType: 'SM2' };

/** A new private key as PKCS#8 DER. */
export function generatePkcs8(spec: KeySpec): Buffer {
  const options =
    spec.keyType === 'RSA'
      ? ({ type: 'rsa', modulusLength: spec.bits } as const)
      : ({ type: 'ec', namedCurve: spec.keyType === 'SM2' ? 'SM2' : NODE_CURVES[spec.curve] } as const);
  const { privateKey } = generateKeyPairSync(options.type as 'rsa', options as never) as unknown as {
    privateKey: KeyObject;
  };
  return privateKey.export({ format: 'der', type: 'pkcs8' }) as Buffer;
}

/** One DER element at `at`: its tag and where its contents start and end. */
function tlv(der: Uint8Array, at: number): { tag: number; start: number; end: number } {
  const first = der[at + 1] as number;
  if (first < 0x80) return { tag: der[at] as number, start: at + 2, end: at + 2 + first };
  const n = first & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + (der[at + 2 + i] as number);
  return { tag: der[at] as number, start: at + 2 + n, end: at + 2 + n + len };
}

/**
 * The private scalar d of an EC (or SM2) PKCS#8 key, read by walking its DER without asn1js or OpenSSL's decoders
 * (which cost a signature's time many times over): `SEQUENCE { version, algorithm, OCTET STRING { ECPrivateKey:
 * SEQUENCE { version, OCTET STRING d, … } } }`. Throws KeyError for anything else.
 */
export function ecPrivateScalar(pkcs8: Uint8Array): Buffer {
  const top = tlv(pkcs8, 0);
  const version = tlv(pkcs8, top.start);
  const algorithm = tlv(pkcs8, version.end);
  const wrapped = tlv(pkcs8, algorithm.end);
  if (top.tag !== 0x30 || algorithm.tag !== 0x30 || wrapped.tag !== 0x04) throw new KeyError('not a PKCS#8 EC key');
  const inner = tlv(pkcs8, wrapped.start);
  const innerVersion = tlv(pkcs8, inner.start);
  const d = tlv(pkcs8, innerVersion.end);
  if (inner.tag !== 0x30 || d.tag !== 0x04) throw new KeyError('not an EC private key');
  return Buffer.from(pkcs8.subarray(d.start, d.end));
}

/** DER DigestInfo (PKCS#1 v1.5 signing input). */
export function digestInfo(alg: AlgorithmDef, digest: Uint8Array): Buffer {
  const seq = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [new asn1js.ObjectIdentifier({ value: DIGEST_OIDS[alg.digest] }), new asn1js.Null()],
      }),
      new asn1js.OctetString({ valueHex: new Uint8Array(digest).slice().buffer }),
    ],
  });
  return Buffer.from(seq.toBER());
}

/** e = SM3(Z ‖ M) for a public key, the message in chunks (the digest an SM2 signature signs). */
export async function sm2Digest(
  spki: Uint8Array,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  z: Buffer = sm2UserHash(ecPointOf(spki)),
): Promise<Buffer> {
  const hash = createHash('sm3').update(z);
  for await (const c of chunks) hash.update(c);
  return hash.digest();
}

/** Checks that the algorithm fits the key; throws KeyError otherwise. */
export function assertFits(key: KeyInfo, alg: SignatureAlgorithm): AlgorithmDef {
  const def = ALGORITHMS[alg];
  if (def.keyType !== key.keyType) throw new KeyError(`${alg} needs a ${def.keyType} key, not ${key.keyType}`);
  return def;
}

/** A software key Keel holds (decrypted for the call only). */
export function softwareKey(pkcs8: Uint8Array): SigningKey {
  const info = inspectPkcs8(pkcs8);
  const key = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  const d = info.d;
  // Z of the SM2 key (GM/T 0009 default id), once per key.
  const z = info.keyType === 'SM2' ? sm2UserHash(ecPointOf(info.spki)) : undefined;
  const signDigest = async (alg: SignatureAlgorithm, digest: Uint8Array) => {
    const def = assertFits(info, alg);
    if (def.keyType === 'RSA') {
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo(def, digest));
    }
    if (!d || !info.curve) throw new KeyError('no private scalar');
    if (def.keyType === 'SM2') return sm2SignDigest(d, digest);
    return ecdsaSignDigest(info.curve as Exclude<CurveName, 'SM2'>, d, digest);
  };
  return {
    keyType: info.keyType,
    bits: info.bits,
    curve: info.curve,
    spki: info.spki,
    signDigest,
    async signStream(alg, chunks) {
      const def = assertFits(info, alg);
      if (def.keyType === 'SM2') return signDigest(alg, await sm2Digest(info.spki, chunks, z));
      // RSA and ECDSA: OpenSSL hashes and signs; one call for a message in one piece.
      if (Array.isArray(chunks) && chunks.length === 1) return oneShotSign(def.digest, chunks[0], key);
      const signer = createSign(def.digest);
      for await (const c of chunks) signer.update(c);
      return signer.sign(key);
    },
  };
}

/** The message's digest for an algorithm (SM2: e with Z of the key). */
export async function digestFor(
  key: KeyInfo,
  alg: SignatureAlgorithm,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<Buffer> {
  const def = assertFits(key, alg);
  if (def.keyType === 'SM2') return sm2Digest(key.spki, chunks);
  const hash = createHash(def.digest);
  for await (const c of chunks) hash.update(c);
  return hash.digest();
}

import { createHash } from 'node:crypto';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ALGORITHMS, DIGEST_OIDS, OID_RSA, OID_SM2_SIGN } from './algorithms';
import type { SigningKey } from './keys';

/**
 * CMS / PKCS#7 SignedData, detached (RFC 5652), built with pkijs and signed by the key's own `signStream`: the PC
 * installers' signatures (with signed attributes: content type, signing time, message digest; `openssl cms -verify
 * -binary -content FILE` checks it) and the JAR signature of APK v1 (without signed attributes, as jarsigner
 * writes them).
 */

const OID_DATA = '1.2.840.113549.1.7.1';
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';

const ab = (b: Uint8Array) => new Uint8Array(b).slice().buffer;

/** The SignerInfo `signatureAlgorithm`: the key's algorithm (rsaEncryption), or ECDSA/SM2 with its hash. */
function signerAlgorithm(alg: SignatureAlgorithm): pkijs.AlgorithmIdentifier {
  const def = ALGORITHMS[alg];
  if (def.keyType === 'RSA')
    return new pkijs.AlgorithmIdentifier({ algorithmId: OID_RSA, algorithmParams: new asn1js.Null() });
  if (def.keyType === 'SM2') return new pkijs.AlgorithmIdentifier({ algorithmId: OID_SM2_SIGN });
  return new pkijs.AlgorithmIdentifier({ algorithmId: def.oid });
}

export interface CmsInput {
  key: SigningKey;
  alg: SignatureAlgorithm;
  certificate: Buffer;
  /** The content's digest with the algorithm's hash (for signed attributes). */
  contentDigest?: Buffer;
  /** The content itself, when it is signed without attributes (small: a JAR signature file). */
  content?: Buffer;
  signingTime?: Date;
}

/** A detached SignedData as DER ContentInfo. */
export async function detachedSignedData(input: CmsInput): Promise<Buffer> {
  const def = ALGORITHMS[input.alg];
  const cert = pkijs.Certificate.fromBER(ab(input.certificate));
  const digestAlgorithm = new pkijs.AlgorithmIdentifier({
    algorithmId: DIGEST_OIDS[def.digest],
    ...(def.keyType === 'RSA' ? { algorithmParams: new asn1js.Null() } : {}),
  });
  const signer = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm,
    signatureAlgorithm: signerAlgorithm(input.alg),
  });
  let toSign: Buffer;
  if (input.contentDigest) {
    signer.signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: OID_CONTENT_TYPE, values: [new asn1js.ObjectIdentifier({ value: OID_DATA })] }),
        new pkijs.Attribute({
          type: OID_SIGNING_TIME,
          values: [new asn1js.UTCTime({ valueDate: input.signingTime ?? new Date() })],
        }),
        new pkijs.Attribute({
          type: OID_MESSAGE_DIGEST,
          values: [new asn1js.OctetString({ valueHex: ab(input.contentDigest) })],
        }),
      ],
    });
    // Signed attributes are signed as a SET OF (tag 0x31), not as the [0] IMPLICIT they are stored with.
    const encoded = new Uint8Array(signer.signedAttrs.toSchema().toBER(false));
    encoded[0] = 0x31;
    toSign = Buffer.from(encoded);
  } else if (input.content) {
    toSign = input.content;
  } else {
    throw new Error('CMS needs a content digest or the content');
  }
  const signature = await input.key.signStream(input.alg, [toSign]);
  signer.signature = new asn1js.OctetString({ valueHex: ab(signature) });
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID_DATA }),
    digestAlgorithms: [digestAlgorithm],
    certificates: [cert],
    signerInfos: [signer],
  });
  const info = new pkijs.ContentInfo({ contentType: OID_SIGNED_DATA, content: signed.toSchema(true) });
  return Buffer.from(info.toSchema().toBER(false));
}

/** The digest of content for CMS signed attributes (SM2 also hashes with plain SM3 here, as GM/T 0010 does). */
export function cmsDigest(alg: SignatureAlgorithm): ReturnType<typeof createHash> {
  return createHash(ALGORITHMS[alg].digest);
}

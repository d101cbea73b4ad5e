import type { SignatureAlgorithm } from '@keel/contract/constants';

/**
 * The signature algorithms of SPEC §9 and what each needs: the digest (Node's name), the key type, the X.509 / CMS
 * object identifiers, and whether it is weak (MD5, SHA-1: shown as such by the console). One table, used by key
 * checks, signing, certificates, CMS and the web's algorithm lists.
 */
export type KeyType = 'RSA' | 'EC' | 'SM2';
export type DigestName = 'md5' | 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512' | 'sm3';

export interface AlgorithmDef {
  name: SignatureAlgorithm;
  digest: DigestName;
  keyType: KeyType;
  /** The signature algorithm's OID (X.509 and CMS `signatureAlgorithm`). */
  oid: string;
  weak: boolean;
}

export const DIGEST_OIDS: Record<DigestName, string> = {
  md5: '1.2.840.113549.2.5',
  sha1: '1.3.14.3.2.26',
  sha224: '2.16.840.1.101.3.4.2.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sm3: '1.2.156.10197.1.401',
};

/** Digest lengths in bytes. */
export const DIGEST_LENGTHS: Record<DigestName, number> = {
  md5: 16,
  sha1: 20,
  sha224: 28,
  sha256: 32,
  sha384: 48,
  sha512: 64,
  sm3: 32,
};

const def = (name: SignatureAlgorithm, digest: DigestName, keyType: KeyType, oid: string): AlgorithmDef => ({
  name,
  digest,
  keyType,
  oid,
  weak: digest === 'md5' || digest === 'sha1',
});

export const ALGORITHMS: Record<SignatureAlgorithm, AlgorithmDef> = {
  MD5WITHRSA: def('MD5WITHRSA', 'md5', 'RSA', '1.2.840.113549.1.1.4'),
  SHA1WITHRSA: def('SHA1WITHRSA', 'sha1', 'RSA', '1.2.840.113549.1.1.5'),
  SHA224WITHRSA: def('SHA224WITHRSA', 'sha224', 'RSA', '1.2.840.113549.1.1.14'),
  SHA256WITHRSA: def('SHA256WITHRSA', 'sha256', 'RSA', '1.2.840.113549.1.1.11'),
  SHA384WITHRSA: def('SHA384WITHRSA', 'sha384', 'RSA', '1.2.840.113549.1.1.12'),
  SHA512WITHRSA: def('SHA512WITHRSA', 'sha512', 'RSA', '1.2.840.113549.1.1.13'),
  SHA1WITHECDSA: def('SHA1WITHECDSA', 'sha1', 'EC', '1.2.840.10045.4.1'),
  SHA224WITHECDSA: def('SHA224WITHECDSA', 'sha224', 'EC', '1.2.840.10045.4.3.1'),
  SHA256WITHECDSA: def('SHA256WITHECDSA', 'sha256', 'EC', '1.2.840.10045.4.3.2'),
  SHA384WITHECDSA: def('SHA384WITHECDSA', 'sha384', 'EC', '1.2.840.10045.4.3.3'),
  SHA512WITHECDSA: def('SHA512WITHECDSA', 'sha512', 'EC', '1.2.840.10045.4.3.4'),
  SM3WITHSM2: def('SM3WITHSM2', 'sm3', 'SM2', '1.2.156.10197.1.501'),
};

/** The default algorithm of a key type (self-signing a certificate, a module without one). */
export const DEFAULT_ALGORITHM: Record<KeyType, SignatureAlgorithm> = {
  RSA: 'SHA256WITHRSA',
  EC: 'SHA256WITHECDSA',
  SM2: 'SM3WITHSM2',
};

export const OID_RSA = '1.2.840.113549.1.1.1';
export const OID_EC = '1.2.840.10045.2.1';
export const OID_SM2_CURVE = '1.2.156.10197.1.301';
/** GM/T 0010's SM2 signature OID in CMS SignerInfo. */
export const OID_SM2_SIGN = '1.2.156.10197.1.301.1';

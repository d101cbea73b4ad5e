import type { SignatureAlgorithm } from '@keel/contract/constants';
import * as pkcs11js from 'pkcs11js';
import { rawToDer } from './ec-math';
import { assertFits, digestFor, digestInfo, inspectSpki, KeyError, type SigningKey } from './keys';

/**
 * USB keys and HSMs through PKCS#11 (pkcs11js): a token is named by its module (a path listed in
 * `SIGNING_PKCS11_MODULES`), its serial number and its PIN. The private key never leaves the token: Keel hashes,
 * and the token signs the digest — `CKM_RSA_PKCS` over a DigestInfo, `CKM_ECDSA` over the digest (its r‖s turned
 * into DER). Each module is loaded and initialised once per process.
 */

const loaded = new Map<string, pkcs11js.PKCS11>();

function moduleOf(path: string): pkcs11js.PKCS11 {
  let lib = loaded.get(path);
  if (!lib) {
    lib = new pkcs11js.PKCS11();
    try {
      lib.load(path);
      lib.C_Initialize();
    } catch (error) {
      throw new KeyError(`cannot load PKCS#11 module ${path}: ${(error as Error).message}`);
    }
    loaded.set(path, lib);
  }
  return lib;
}

const text = (b: string | Buffer) => (typeof b === 'string' ? b : b.toString('utf8')).replace(/\0/g, '').trim();

export interface TokenSlot {
  slotIndex: number;
  serial: string;
  label: string;
  manufacturer: string;
  model: string;
}

/** The initialised tokens a module offers. */
export function listTokens(path: string): TokenSlot[] {
  const lib = moduleOf(path);
  return lib.C_GetSlotList(true).map((slot, slotIndex) => {
    const info = lib.C_GetTokenInfo(slot);
    return {
      slotIndex,
      serial: text(info.serialNumber),
      label: text(info.label),
      manufacturer: text(info.manufacturerID),
      model: text(info.model),
    };
  });
}

export interface TokenRef {
  modulePath: string;
  serial: string;
  pin: string;
}

/** Runs `fn` in a logged-in session of the token. */
function withSession<T>(ref: TokenRef, fn: (lib: pkcs11js.PKCS11, session: Buffer) => T): T {
  const lib = moduleOf(ref.modulePath);
  const slot = lib.C_GetSlotList(true).find((s) => text(lib.C_GetTokenInfo(s).serialNumber) === ref.serial);
  if (!slot) throw new KeyError(`token ${ref.serial} is not present`);
  const session = lib.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
  try {
    try {
      lib.C_Login(session, pkcs11js.CKU_USER, ref.pin);
    } catch (error) {
      if (!String((error as Error).message).includes('CKR_USER_ALREADY_LOGGED_IN')) {
        throw new KeyError('the token refused the PIN');
      }
    }
    return fn(lib, session);
  } finally {
    lib.C_CloseSession(session);
  }
}

/** Checks the PIN by logging in. */
export function checkToken(ref: TokenRef): void {
  withSession(ref, () => undefined);
}

export interface TokenKeyObject {
  /** CKA_ID, hex. */
  keyId: string;
  label: string;
  keyType: 'RSA' | 'EC' | 'other';
}

function findObjects(lib: pkcs11js.PKCS11, session: Buffer, template: pkcs11js.Template): Buffer[] {
  lib.C_FindObjectsInit(session, template);
  try {
    return lib.C_FindObjects(session, 100);
  } finally {
    lib.C_FindObjectsFinal(session);
  }
}

/** The token's private keys. */
export function listTokenKeys(ref: TokenRef): TokenKeyObject[] {
  return withSession(ref, (lib, session) =>
    findObjects(lib, session, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY }]).map((handle) => {
      const [id, label, type] = lib.C_GetAttributeValue(session, handle, [
        { type: pkcs11js.CKA_ID },
        { type: pkcs11js.CKA_LABEL },
        { type: pkcs11js.CKA_KEY_TYPE },
      ]);
      const kt = (type?.value as Buffer | undefined)?.readUInt32LE?.(0);
      return {
        keyId: (id?.value as Buffer | undefined)?.toString('hex') ?? '',
        label: text((label?.value as Buffer | undefined) ?? ''),
        keyType: kt === pkcs11js.CKK_RSA ? 'RSA' : kt === pkcs11js.CKK_EC ? 'EC' : 'other',
      };
    }),
  );
}

/** A signing key in a token, for a certificate's public key (`spki`). */
export function tokenKey(ref: TokenRef, keyId: string, spki: Buffer): SigningKey {
  const info = inspectSpki(spki);
  if (info.keyType === 'SM2') throw new KeyError('SM2 keys in PKCS#11 tokens are not supported');
  const signDigest = async (alg: SignatureAlgorithm, digest: Uint8Array) => {
    const def = assertFits(info, alg);
    return withSession(ref, (lib, session) => {
      const [handle] = findObjects(lib, session, [
        { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY },
        { type: pkcs11js.CKA_ID, value: Buffer.from(keyId, 'hex') },
      ]);
      if (!handle) throw new KeyError(`the token has no private key ${keyId}`);
      const rsa = def.keyType === 'RSA';
      lib.C_SignInit(session, { mechanism: rsa ? pkcs11js.CKM_RSA_PKCS : pkcs11js.CKM_ECDSA }, handle);
      const input = rsa ? digestInfo(def, digest) : Buffer.from(digest);
      const out = lib.C_Sign(session, input, Buffer.alloc(1024));
      return rsa ? Buffer.from(out) : rawToDer(out);
    });
  };
  return {
    ...info,
    signDigest,
    signStream: async (alg, chunks) => signDigest(alg, await digestFor(info, alg, chunks)),
  };
}

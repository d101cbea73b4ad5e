import { createRequire } from 'node:module';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import type * as Pkcs11 from 'pkcs11js';
import { rawToDer } from './ec-math';
import { assertFits, digestFor, digestInfo, inspectSpki, KeyError, type SigningKey } from './keys';

/**
 * USB keys and HSMs through PKCS#11 (pkcs11js): a token is named by its module (a path listed in
 * `SIGNING_PKCS11_MODULES`), its serial number and its PIN. The private key never leaves the token: Keel hashes,
 * and the token signs the digest — `CKM_RSA_PKCS` over a DigestInfo, `CKM_ECDSA` over the digest (its r‖s turned
 * into DER). Each module is loaded and initialised once per process.
 */

// Loaded with require: pkcs11js is CommonJS whose constants (CKA_*, CKM_*, CKF_*) come from the native binding, so
// Node's ESM named-export detection misses them — `import * as` gives `undefined` for every constant under Node
// (tsx, the server) though not under vitest's interop.
const pkcs11js = createRequire(import.meta.url)('pkcs11js') as typeof Pkcs11;

const loaded = new Map<string, Pkcs11.PKCS11>();

function moduleOf(path: string): Pkcs11.PKCS11 {
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

/** A CK_SLOT_ID (pkcs11js hands it over as its bytes, little-endian) in decimal. */
const slotId = (slot: Buffer) => (slot.length >= 8 ? slot.readBigUInt64LE(0) : BigInt(slot.readUInt32LE(0))).toString();

const text = (b: string | Buffer) => (typeof b === 'string' ? b : b.toString('utf8')).replace(/\0/g, '').trim();

export interface TokenSlot {
  slotIndex: number;
  /** The PKCS#11 slot id, decimal. */
  slot: string;
  serial: string;
  label: string;
  manufacturer: string;
  model: string;
}

/**
 * The initialised tokens a module offers. `rescan` re-initialises the module first (C_Finalize, C_Initialize): some
 * modules — SoftHSM2 among them — fix their token list at C_Initialize, so a token made or plugged in after the
 * server started shows up only then. Safe between calls: every session here is opened and closed within one
 * synchronous call.
 */
export function listTokens(path: string, rescan = false): TokenSlot[] {
  const known = loaded.get(path);
  if (rescan && known) {
    try {
      known.C_Finalize();
      known.C_Initialize();
    } catch (error) {
      loaded.delete(path);
      throw new KeyError(`cannot re-initialise PKCS#11 module ${path}: ${(error as Error).message}`);
    }
  }
  const lib = moduleOf(path);
  return lib.C_GetSlotList(true).flatMap((slot, slotIndex) => {
    const info = lib.C_GetTokenInfo(slot);
    // A slot's token that was never initialised (SoftHSM2 always offers one) holds nothing to sign with.
    if (!(info.flags & pkcs11js.CKF_TOKEN_INITIALIZED)) return [];
    return [
      {
        slotIndex,
        slot: slotId(slot),
        serial: text(info.serialNumber),
        label: text(info.label),
        manufacturer: text(info.manufacturerID),
        model: text(info.model),
      },
    ];
  });
}

export interface TokenRef {
  modulePath: string;
  serial: string;
  pin: string;
}

/** Runs `fn` in a logged-in session of the token. */
function withSession<T>(ref: TokenRef, fn: (lib: Pkcs11.PKCS11, session: Buffer) => T): T {
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

function findObjects(lib: Pkcs11.PKCS11, session: Buffer, template: Pkcs11.Template): Buffer[] {
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

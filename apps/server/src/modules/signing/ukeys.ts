import { createVerify, randomBytes } from 'node:crypto';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { certItemOf, insertCertificate } from './certs';
import { DEFAULT_ALGORITHM, type KeyType } from './crypto/algorithms';
import { inspectSpki, KeyError } from './crypto/keys';
import { checkToken, listTokenKeys, listTokens, type TokenRef, tokenKey } from './crypto/pkcs11';
import { pemBlocks, readCertificate } from './crypto/x509';
import { openSealed, sealKey } from './keystore';
import * as repo from './repo';

/**
 * USB keys and HSMs (README "USB keys"): tokens registered by module path (one of SIGNING_PKCS11_MODULES), serial
 * and PIN (sealed at rest), certificates whose key stays in the token, and the token's holders.
 */

const unavailable = (error: unknown) =>
  error instanceof KeyError ? new AppError('ukeyUnavailable', { reason: error.message }) : error;

function allowedModule(s: Services, path: string) {
  if (!s.config.pkcs11Modules.includes(path)) throw new AppError('pkcs11ModuleNotAllowed');
}

export function slots(s: Services) {
  return s.config.pkcs11Modules.map((modulePath) => {
    try {
      return {
        modulePath,
        error: '',
        // Rescanned: a token plugged in (or, with SoftHSM2, initialised) since the server started shows up.
        tokens: listTokens(modulePath, true).map(({ slot, serial, label, manufacturer, model }) => ({
          slot,
          serial,
          label,
          manufacturer,
          model,
        })),
      };
    } catch (error) {
      return { modulePath, error: (error as Error).message, tokens: [] };
    }
  });
}

async function ukeyForRequest(s: Services, t: Tenant, ukeyId: string) {
  const row = await repo.findUkey(s.db, t, ukeyId);
  if (!row) throw notFound('ukeyId');
  return row;
}

const refOf = (s: Services, row: NonNullable<Awaited<ReturnType<typeof repo.findUkey>>>): TokenRef => ({
  modulePath: row.module_path,
  serial: row.serial,
  pin: openSealed(s, row.sealed_pin, `ukey:${row.ukey_id}`).toString('utf8'),
});

export async function listUkeys(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string },
) {
  const { rows, total } = await repo.pageUkeys(s.db, tenantOf(ctx), input.str, input);
  const online = (path: string, serial: string) => {
    if (!s.config.pkcs11Modules.includes(path)) return 0;
    try {
      return listTokens(path).some((tk) => tk.serial === serial) ? 1 : 0;
    } catch {
      return 0;
    }
  };
  return {
    list: rows.map((r) => ({
      ukeyId: r.ukey_id,
      name: r.name,
      modulePath: r.module_path,
      serial: r.serial,
      tokenLabel: r.token_label,
      online: online(r.module_path, r.serial) as 0 | 1,
      certCount: Number(r.cert_count ?? 0),
      authCount: Number(r.auth_count ?? 0),
      remark: r.remark,
      createTime: Number(r.created_at),
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

export async function addUkey(
  s: Services,
  ctx: RequestContext,
  input: { name: string; modulePath: string; serial: string; pin: string; remark: string },
) {
  const t = tenantOf(ctx);
  allowedModule(s, input.modulePath);
  let label = '';
  try {
    const token = listTokens(input.modulePath).find((tk) => tk.serial === input.serial);
    if (!token) throw new KeyError(`token ${input.serial} is not present`);
    label = token.label;
    checkToken({ modulePath: input.modulePath, serial: input.serial, pin: input.pin });
  } catch (error) {
    throw unavailable(error);
  }
  if (await repo.findUkeyByToken(s.db, t, input.modulePath, input.serial)) {
    throw new AppError('nameTaken', { name: `${input.modulePath} ${input.serial}` });
  }
  const ukeyId = newId();
  ctx.audit.target = ukeyId;
  const now = s.now();
  await repo.insertUkey(s.db, t, {
    ukey_id: ukeyId,
    name: input.name,
    module_path: input.modulePath,
    serial: input.serial,
    token_label: label,
    sealed_pin: sealKey(s, Buffer.from(input.pin, 'utf8'), `ukey:${ukeyId}`),
    remark: input.remark,
    created_by: ctx.user?.uid ?? null,
    created_at: now,
    updated_at: now,
  });
  return { ukeyId };
}

export async function deleteUkey(s: Services, ctx: RequestContext, ukeyId: string) {
  const t = tenantOf(ctx);
  await ukeyForRequest(s, t, ukeyId);
  ctx.audit.target = ukeyId;
  await s.db.transaction().execute((trx) => repo.deleteUkey(trx, t, ukeyId));
  return null;
}

export async function ukeyKeys(s: Services, ctx: RequestContext, ukeyId: string) {
  const row = await ukeyForRequest(s, tenantOf(ctx), ukeyId);
  try {
    return listTokenKeys(refOf(s, row));
  } catch (error) {
    throw unavailable(error);
  }
}

/** Adds a certificate whose key is in the token, after the token proved it holds that key (a test signature). */
export async function addUkeyCert(
  s: Services,
  ctx: RequestContext,
  input: { ukeyId: string; keyId: string; name: string; certificate: string },
) {
  const t = tenantOf(ctx);
  const row = await ukeyForRequest(s, t, input.ukeyId);
  const blocks = pemBlocks(input.certificate).filter((b) => b.label === 'CERTIFICATE');
  const der = blocks[0]?.der ?? Buffer.from(input.certificate.replace(/\s+/g, ''), 'base64');
  let spki: Buffer;
  try {
    spki = readCertificate(der).spki;
  } catch (error) {
    throw error instanceof KeyError ? new AppError('certImportFailed', { reason: error.message }) : error;
  }
  const info = inspectSpki(spki);
  // PKCS#11 has no standard SM2 mechanism, and SoftHSM2 cannot hold SM2 keys (README "USB keys").
  if (info.keyType === 'SM2') throw new AppError('ukeySm2Unsupported');
  const keyId = input.keyId.toLowerCase();
  try {
    const key = tokenKey(refOf(s, row), keyId, spki);
    const alg = DEFAULT_ALGORITHM[info.keyType as KeyType];
    const probe = randomBytes(32);
    const signature = await key.signStream(alg, [probe]);
    const verify = createVerify('sha256').update(probe);
    if (!verify.verify({ key: spki, format: 'der', type: 'spki' }, signature)) {
      throw new KeyError('the token key does not match the certificate');
    }
  } catch (error) {
    throw unavailable(error);
  }
  const certId = await insertCertificate(s, t, der, {
    name: input.name,
    ownerUid: ctx.user?.uid ?? null,
    ukeyId: input.ukeyId,
    tokenKeyId: keyId,
  });
  ctx.audit.target = certId;
  return { certId };
}

/** The certificates of a USB key: keys it holds, and certificates granted to its holders. */
export async function ukeyCerts(s: Services, ctx: RequestContext, ukeyId: string) {
  const t = tenantOf(ctx);
  await ukeyForRequest(s, t, ukeyId);
  const now = s.now();
  const onToken = await repo.certsOfUkey(s.db, t, ukeyId);
  const granted = (await repo.certsGrantedTo(s.db, t, 5, ukeyId)).filter(
    (c) => !onToken.some((o) => o.cert_id === c.cert_id),
  );
  return [
    ...onToken.map((c) => ({ ...certItemOf(c, now), source: 'token' as const })),
    ...granted.map((c) => ({ ...certItemOf(c, now), source: 'grant' as const })),
  ];
}

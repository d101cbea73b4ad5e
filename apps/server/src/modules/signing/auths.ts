import type { AuthItem } from '@keel/contract/endpoints/signing';
import type { RequestContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * Who may sign (README "Authorisations"): grants of a certificate (`ca/`), a collection or a collection group
 * (`pcau/`) or a USB key (its holders, `uk/…Auth`) to users (1), titles (2), user sets (3), units (4, with the units
 * below) and USB keys (5: whoever holds the key). Checked on every sign call, so a revocation takes effect on the
 * next one.
 */

export type AuthTarget = repo.AuthTarget;

const FIELDS: Record<number, string> = { 1: 'uidList', 2: 'tidList', 3: 'usidList', 4: 'oidList', 5: 'ukeyIdList' };

export async function assertTarget(s: Services, t: Tenant, target: AuthTarget, id: string): Promise<void> {
  const found =
    target === 'cert'
      ? await repo.findCert(s.db, t, id)
      : target === 'pc'
        ? await repo.findCollection(s.db, t, id)
        : target === 'pcg'
          ? await repo.findGroup(s.db, t, id)
          : await repo.findUkey(s.db, t, id);
  if (!found) throw notFound({ cert: 'certId', pc: 'pcId', pcg: 'groupId', ukey: 'ukeyId' }[target]);
}

export async function listAuths(
  s: Services,
  ctx: RequestContext,
  target: AuthTarget,
  targetId: string,
  input: { pageNum: number; pageSize: number; authType?: number; str?: string },
) {
  const t = tenantOf(ctx);
  await assertTarget(s, t, target, targetId);
  const { rows, total } = await repo.pageAuths(s.db, t, target, targetId, input, input);
  const list = rows.map(
    (r): AuthItem => ({
      authId: r.auth_id,
      authType: r.auth_type,
      subjectId: r.subject_id,
      subjectName: r.subject_name ?? (r.subject_id === `root-${t.pno}` ? (ctx.property?.name ?? '') : r.subject_id),
      detail: r.phone ?? '',
      createTime: Number(r.created_at),
    }),
  );
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function addAuths(
  s: Services,
  ctx: RequestContext,
  target: AuthTarget,
  targetId: string,
  authType: number,
  ids: readonly string[],
): Promise<{ added: number }> {
  const t = tenantOf(ctx);
  await assertTarget(s, t, target, targetId);
  const unique = [...new Set(ids)];
  const found = await repo.subjectsAmong(s.db, t, authType, unique);
  if (found.length !== unique.length) throw notFound(FIELDS[authType] ?? 'idList');
  ctx.audit.target = targetId;
  const now = s.now();
  const added = await repo.insertAuths(
    s.db,
    t,
    unique.map((subject_id) => ({
      auth_id: newId(),
      target_kind: target,
      target_id: targetId,
      auth_type: authType,
      subject_id,
      created_by: ctx.user?.uid ?? null,
      created_at: now,
    })),
  );
  return { added };
}

export async function removeAuths(
  s: Services,
  ctx: RequestContext,
  target: AuthTarget,
  targetId: string,
  authIds: readonly string[],
  authType?: number,
): Promise<{ removed: number }> {
  const t = tenantOf(ctx);
  await assertTarget(s, t, target, targetId);
  ctx.audit.target = targetId;
  return { removed: await repo.deleteAuths(s.db, t, target, targetId, authIds, authType) };
}

/** The subjects a user is: themselves, titles, sets, units up to the root, and the USB keys they hold. */
export async function subjectsOf(s: Services, t: Tenant, uid: string): Promise<Array<[number, string]>> {
  const own = await repo.subjectsOfUser(s.db, t, uid);
  const held = (await repo.allGrantsOf(s.db, t, own)).filter((g) => g.target_kind === 'ukey');
  return [...own, ...held.map((g): [number, string] => [5, g.target_id])];
}

/** Whether the user may sign with the certificate in the module (its relation `relId`). */
export async function maySign(
  s: Services,
  t: Tenant,
  uid: string,
  moduleId: string,
  certId: string,
  relId: string,
): Promise<boolean> {
  const subjects = await subjectsOf(s, t, uid);
  const collections = await repo.collectionsCovering(s.db, t, moduleId, relId);
  const targets: Array<[AuthTarget, string]> = [
    ['cert', certId],
    ...collections.map((c): [AuthTarget, string] => ['pc', c.pc_id]),
    ...collections.filter((c) => c.group_id).map((c): [AuthTarget, string] => ['pcg', c.group_id as string]),
  ];
  return (await repo.grantsFor(s.db, t, subjects, targets)).length > 0;
}

/** Every (module, certificate) relation the user may sign with. */
export async function signableRels(s: Services, t: Tenant, uid: string): Promise<Set<string>> {
  const subjects = await subjectsOf(s, t, uid);
  const grants = await repo.allGrantsOf(s.db, t, subjects);
  const certs = new Set(grants.filter((g) => g.target_kind === 'cert').map((g) => g.target_id));
  const groups = grants.filter((g) => g.target_kind === 'pcg').map((g) => g.target_id);
  const direct = grants.filter((g) => g.target_kind === 'pc').map((g) => g.target_id);
  const pcs = [...(await repo.collectionTypes(s.db, t, direct)), ...(await repo.collectionsOfGroups(s.db, t, groups))];
  const items = await repo.itemsOf(
    s.db,
    t,
    pcs.map((p) => p.pc_id),
  );
  const modules = new Set<string>();
  const rels = new Set<string>();
  for (const i of items) {
    const type = pcs.find((p) => p.pc_id === i.pc_id)?.type;
    if (type === 1) modules.add(i.item_id);
    else rels.add(i.item_id);
  }
  const out = new Set<string>();
  for (const m of await repo.allModules(s.db, t)) {
    for (const r of await repo.relsOfModule(s.db, t, m.module_id)) {
      if (certs.has(r.cert_id) || modules.has(m.module_id) || rels.has(r.rel_id)) out.add(r.rel_id);
    }
  }
  return out;
}

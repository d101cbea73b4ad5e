import { randomInt } from 'node:crypto';
import { PC_SOFTWARE_PERMISSIONS as P, SOFT_READERS, type SoftItem } from '@keel/contract/endpoints/pc-software';
import type { SoftAuthType, SoftKind } from '@keel/contract/endpoints/pc-software-model';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { readableFiles } from '../file/service';
import { signModuleOf } from '../signing/reads';
import { spaceHead, spacesOfBusiness } from '../space/reads';
import type { Caller, Paging } from './caller';
import { softItems } from './items';
import * as repo from './repo';
import * as versions from './version-repo';

/**
 * Software (README "Model"): a piece of software of the property in one of its `pctools` spaces, a main tool or a
 * child tool under one (the property's own, or a platform main tool granted to it), with the CMS sign module its
 * installers are signed with and the public id installed clients name it by.
 */

export const SOFT_BUSINESS = 'pctools';

/** The property's software: another property's (or none) is "not found"; outside the caller's spaces, refused. */
export async function ownSoft(
  s: Services,
  c: Caller,
  softId: string,
  field = 'softId',
  permissions: readonly string[] = [P.edit],
) {
  const row = await repo.findSoft(s.db, c.t, softId);
  if (!row) throw notFound(field);
  const sids = c.reach(permissions);
  if (sids !== null && !sids.includes(row.sid)) throw forbidden();
  return row;
}

/** Software the caller reads: the property's own (in their spaces), or a platform main tool granted to it. */
export async function readableSoft(s: Services, c: Caller, softId: string, field = 'softId') {
  const own = await repo.findSoft(s.db, c.t, softId);
  if (own) {
    const sids = c.reach([...SOFT_READERS]);
    if (sids !== null && !sids.includes(own.sid)) throw forbidden();
    return own;
  }
  const [granted] = (await repo.hasGrant(s.db, c.t, softId)) ? await repo.platformMainTools(s.db, [softId]) : [];
  if (!granted) throw notFound(field);
  return granted;
}

const viewer = (c: Caller) => ({ t: c.t, uid: c.uid });

export const softItemOf = async (s: Services, c: Caller, row: repo.SoftRow) =>
  (await softItems(s, viewer(c), [row]))[0] as SoftItem;

/** The `pctools` spaces the caller reaches (soft/getCommonSpaceList). */
export async function listSpaces(s: Services, c: Caller) {
  return { list: await spacesOfBusiness(s.db, c.t, SOFT_BUSINESS, c.reach([...SOFT_READERS, P.edit])) };
}

export async function getSoft(s: Services, c: Caller, softId: string) {
  return softItemOf(s, c, await readableSoft(s, c, softId));
}

export async function listSoft(
  s: Services,
  c: Caller,
  input: Paging & { softSid?: string; kind?: string; mainSoftId?: string; authType?: number; str?: string },
) {
  const { rows, total } = await repo.pageSoft(
    s.db,
    c.t,
    {
      sid: input.softSid,
      sids: c.reach([...SOFT_READERS]),
      kind: input.kind,
      mainSoftId: input.mainSoftId,
      authType: input.authType,
      str: input.str,
    },
    input.pageNum,
    input.pageSize,
  );
  return { list: await softItems(s, viewer(c), rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The main tools a child tool may hang under: the property's own and the platform main tools granted to it. */
export async function listMainTools(s: Services, c: Caller, input: Paging & { str?: string }) {
  const sids = c.reach([...SOFT_READERS]);
  const own = (await repo.ownMainTools(s.db, c.t, input.str)).filter((r) => sids === null || sids.includes(r.sid));
  const granted = await repo.platformMainTools(s.db, await repo.grantedIds(s.db, c.t), input.str);
  const all = [...own, ...granted].sort((a, b) => a.name.localeCompare(b.name) || a.soft_id.localeCompare(b.soft_id));
  const start = (input.pageNum - 1) * input.pageSize;
  const rows = all.slice(start, start + input.pageSize);
  return {
    list: await softItems(s, viewer(c), rows),
    total: all.length,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

const PUBLIC_ID_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

async function newPublicId(s: Services): Promise<string> {
  for (;;) {
    const id = Array.from({ length: 16 }, () => PUBLIC_ID_LETTERS[randomInt(PUBLIC_ID_LETTERS.length)]).join('');
    if (!(await repo.publicIdTaken(s.db, id))) return id;
  }
}

export interface SoftSave {
  softId?: string;
  softSid: string;
  name: string;
  description: string;
  iconFid?: string;
  authType: SoftAuthType;
  kind: SoftKind;
  mainSoftId?: string;
  signModuleId?: string;
}

/** Checks a main tool a child tool may hang under: the property's own main tool or a granted platform main tool. */
async function assertMainTool(s: Services, c: Caller, mainSoftId: string, childId: string | undefined) {
  if (mainSoftId === childId) throw invalidInput('mainSoftId');
  const own = await repo.findSoft(s.db, c.t, mainSoftId);
  if (own) {
    if (own.kind !== 'main') throw new AppError('softNotMainTool', { name: own.name });
    return;
  }
  if (!(await repo.hasGrant(s.db, c.t, mainSoftId))) throw notFound('mainSoftId');
  if ((await repo.platformMainTools(s.db, [mainSoftId])).length === 0) throw notFound('mainSoftId');
}

export async function saveSoft(s: Services, c: Caller, input: SoftSave): Promise<SoftItem> {
  const existing = input.softId ? await ownSoft(s, c, input.softId) : undefined;
  if (existing && existing.sid !== input.softSid) throw new AppError('softSpaceFixed');
  const space = await spaceHead(s.db, c.t, input.softSid);
  if (!space) throw notFound('softSid');
  if (space.business !== SOFT_BUSINESS) throw new AppError('softSpaceRequired', { name: space.name });
  const named = await repo.findSoftByName(s.db, c.t, input.name);
  if (named && named.soft_id !== existing?.soft_id) throw new AppError('softNameTaken', { name: input.name });
  if (input.iconFid) {
    const [file] = await readableFiles(s, c.ctx, [input.iconFid]);
    if (file && file.sid !== input.softSid) throw new AppError('softFileOutsideSpace', { name: file.name });
  }
  if (input.signModuleId) {
    const module = await signModuleOf(s.db, c.t, input.signModuleId);
    if (!module) throw notFound('signModuleId');
    if (module.signType !== 'cms') throw new AppError('softSignModuleNotCms', { name: module.name });
  }
  if (input.kind === 'main' && input.mainSoftId) throw invalidInput('mainSoftId');
  if (existing && existing.kind === 'main' && input.kind === 'child') {
    if (Number(existing.platform_main) === 1) throw new AppError('softIsPlatformMain', { name: existing.name });
    if ((await repo.childrenOf(s.db, c.t, existing.soft_id)).length > 0) {
      throw new AppError('softHasChildren', { name: existing.name });
    }
  }
  if (input.kind === 'child' && input.mainSoftId) await assertMainTool(s, c, input.mainSoftId, existing?.soft_id);
  const now = s.now();
  const softId = existing?.soft_id ?? newId();
  const fields = {
    name: input.name,
    description: input.description,
    icon_fid: input.iconFid ?? '',
    auth_type: input.authType,
    kind: input.kind,
    sign_module_id: input.signModuleId ?? '',
    search_text: `${input.name} ${input.description}`.toLowerCase(),
    updated_at: now,
  };
  const publicId = existing ? '' : await newPublicId(s);
  try {
    await s.db.transaction().execute(async (trx) => {
      if (existing) await repo.updateSoft(trx, c.t, softId, fields);
      else {
        await repo.insertSoft(trx, c.t, {
          ...fields,
          soft_id: softId,
          sid: input.softSid,
          public_id: publicId,
          created_by: c.uid,
          created_at: now,
        });
      }
      if (input.kind === 'child' && input.mainSoftId) {
        const current = await repo.relationOfChild(trx, c.t, softId);
        if (current?.main_soft_id !== input.mainSoftId) await repo.attachChild(trx, c.t, softId, input.mainSoftId, now);
      } else {
        await repo.detachChild(trx, c.t, softId);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('softNameTaken', { name: input.name });
    throw error;
  }
  return softItemOf(s, c, (await repo.findSoft(s.db, c.t, softId)) as repo.SoftRow);
}

/**
 * Deletes software with its versions, installer rows (the space's files stay), change records, managers, trial
 * users, relations and counters, in one transaction. A main tool with child tools, or a platform main tool, is
 * refused.
 */
export async function deleteSoft(s: Services, c: Caller, softId: string): Promise<number> {
  const row = await ownSoft(s, c, softId);
  if (Number(row.platform_main) === 1) throw new AppError('softIsPlatformMain', { name: row.name });
  if ((await repo.childrenOf(s.db, c.t, softId)).length > 0) throw new AppError('softHasChildren', { name: row.name });
  return s.db.transaction().execute(async (trx) => {
    await versions.deleteVersions(trx, c.t, await versions.versionIdsOf(trx, c.t, softId));
    await repo.deleteSoftSatellites(trx, c.t, softId);
    return repo.deleteSoftRow(trx, c.t, softId);
  });
}

/** A main tool's child tools in the property (the main tool may be a granted platform main tool). */
export async function listChildren(s: Services, c: Caller, mainSoftId: string) {
  await readableSoft(s, c, mainSoftId, 'mainSoftId');
  return { list: await softItems(s, viewer(c), await repo.childrenOf(s.db, c.t, mainSoftId)) };
}

/** Detaches a child tool from its main tool. */
export async function detachChild(s: Services, c: Caller, childSoftId: string): Promise<number> {
  await ownSoft(s, c, childSoftId, 'childSoftId');
  const n = await repo.detachChild(s.db, c.t, childSoftId);
  if (n === 0) throw new AppError('softNotChild');
  return n;
}

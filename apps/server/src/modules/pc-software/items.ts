import type {
  SoftChangeRecordItem,
  SoftInstallerItem,
  SoftItem,
  SoftVersionHead,
  SoftVersionItem,
} from '@keel/contract/endpoints/pc-software';
import type { SoftChangeKind, SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import type { Locale } from '@keel/contract/status';
import { propertyNames } from '../../platform/auth/properties-repo';
import { userNames } from '../../platform/auth/users-repo';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { shownFileLink } from '../file/service';
import { signModuleOf } from '../signing/reads';
import { spaceNames } from '../space/reads';
import { inLocale } from './caller';
import { managedBy } from './release-repo';
import * as repo from './repo';
import * as versions from './version-repo';

/** The answers' items built from rows: one read per table for a page of rows (README "Model"). */

/** Who reads software items: the member and property of a console call, or an operator (null). */
export interface Viewer {
  t: Tenant;
  uid: string;
}

const byPno = <R extends { pno: string }>(rows: readonly R[]) => {
  const out = new Map<string, R[]>();
  for (const r of rows) out.set(r.pno, [...(out.get(r.pno) ?? []), r]);
  return out;
};

export const parseChannels = (json: string): SoftChannel[] => {
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list.filter((c): c is SoftChannel => c === 'beta' || c === 'stable') : [];
  } catch {
    return [];
  }
};

async function moduleNames(s: Services, t: Tenant, ids: readonly string[]) {
  const out = new Map<string, string>();
  for (const id of new Set(ids.filter(Boolean))) out.set(id, (await signModuleOf(s.db, t, id))?.name ?? '');
  return out;
}

/** Software items, in the order of `rows` (the reader's own software and platform main tools granted to it). */
export async function softItems(
  s: Services,
  viewer: Viewer | null,
  rows: readonly repo.SoftRow[],
): Promise<SoftItem[]> {
  if (rows.length === 0) return [];
  const parts = new Map<string, Omit<SoftItem, 'propertyName' | 'createdByName' | 'mainSoftName'>>();
  const mainIds = new Map<string, string>();
  for (const [pno, group] of byPno(rows)) {
    const t = propertyTenant(pno);
    const ids = group.map((r) => r.soft_id);
    const own = viewer === null || viewer.t.pno === pno;
    const [spaces, counts, released, modules, mains, managed] = await Promise.all([
      spaceNames(
        s.db,
        t,
        group.map((r) => r.sid),
      ),
      versions.versionCounts(s.db, t, ids),
      versions.releasedOf(s.db, t, ids),
      moduleNames(
        s,
        t,
        group.map((r) => r.sign_module_id),
      ),
      repo.mainsOfChildren(s.db, t, ids),
      viewer && own ? managedBy(s.db, viewer.t, viewer.uid, ids) : Promise.resolve(new Map<string, string>()),
    ]);
    const children = await repo.childCounts(
      s.db,
      viewer ? viewer.t : t,
      group.filter((r) => r.kind === 'main').map((r) => r.soft_id),
    );
    const latest = (softId: string, channels: readonly string[]): SoftVersionHead | null => {
      const v = released.find((x) => x.soft_id === softId && channels.includes(x.channel));
      return v
        ? {
            versionId: v.version_id,
            version: v.version,
            releasedAt: v.released_at === null ? null : Number(v.released_at),
          }
        : null;
    };
    for (const r of group) {
      const main = mains.get(r.soft_id) ?? '';
      if (main) mainIds.set(r.soft_id, main);
      parts.set(r.soft_id, {
        softId: r.soft_id,
        pno: r.pno,
        softSid: r.sid,
        spaceName: spaces.get(r.sid) ?? '',
        publicId: r.public_id,
        name: r.name,
        description: r.description,
        iconFid: r.icon_fid,
        iconUrl: r.icon_fid ? shownFileLink(s, r.pno, r.icon_fid) : '',
        authType: Number(r.auth_type),
        kind: r.kind === 'child' ? 'child' : 'main',
        platformMain: Number(r.platform_main) === 1 ? 1 : 0,
        granted: own ? 0 : 1,
        mainSoftId: main,
        childCount: children.get(r.soft_id) ?? 0,
        signModuleId: r.sign_module_id,
        signModuleName: modules.get(r.sign_module_id) ?? '',
        versionCount: counts.get(r.soft_id) ?? 0,
        latestBeta: latest(r.soft_id, ['beta', 'stable']),
        latestStable: latest(r.soft_id, ['stable']),
        myReleaseChannels: parseChannels(managed.get(r.soft_id) ?? '[]'),
        createdBy: r.created_by,
        createTime: Number(r.created_at),
        updateTime: Number(r.updated_at),
      });
    }
  }
  const [properties, users, mainNames] = await Promise.all([
    propertyNames(
      s.db,
      rows.map((r) => r.pno),
    ),
    userNames(
      s.db,
      rows.map((r) => r.created_by),
    ),
    mainToolNames(s, rows, mainIds),
  ]);
  return rows.map((r) => {
    const p = parts.get(r.soft_id) as Omit<SoftItem, 'propertyName' | 'createdByName' | 'mainSoftName'>;
    return {
      ...p,
      propertyName: properties.get(r.pno) ?? '',
      createdByName: users.get(r.created_by) ?? '',
      mainSoftName: mainNames.get(p.mainSoftId) ?? '',
    };
  });
}

/** The names of the child tools' main tools: the property's own, or platform main tools granted to it. */
async function mainToolNames(s: Services, rows: readonly repo.SoftRow[], mainIds: ReadonlyMap<string, string>) {
  const out = new Map<string, string>();
  for (const [pno, group] of byPno(rows)) {
    const ids = [...new Set(group.map((r) => mainIds.get(r.soft_id)).filter((m): m is string => !!m))];
    const own = await repo.softNames(s.db, propertyTenant(pno), ids);
    for (const [id, name] of own) out.set(id, name);
    const missing = ids.filter((id) => !own.has(id));
    for (const r of await repo.platformMainTools(s.db, missing)) out.set(r.soft_id, r.name);
  }
  return out;
}

const installerItem = (s: Services, r: versions.InstallerRow): SoftInstallerItem => ({
  installerId: r.installer_id,
  os: r.os as SoftInstallerItem['os'],
  arch: r.arch as SoftInstallerItem['arch'],
  format: r.format,
  fid: r.fid,
  fileName: r.file_name,
  size: Number(r.size),
  sha256: r.sha256,
  signature: r.signature,
  signerCertSha256: r.signer_cert_sha256,
  downloadUrl: shownFileLink(s, r.pno, r.fid),
  createTime: Number(r.created_at),
});

export const changeRecordItem = (locale: Locale, r: versions.ChangeRecordRow): SoftChangeRecordItem => ({
  recordId: r.record_id,
  versionId: r.version_id,
  kind: r.kind as SoftChangeKind,
  contentZh: r.content_zh,
  contentEn: r.content_en,
  content: inLocale(locale, r.content_zh, r.content_en),
  position: Number(r.position),
});

type State = SoftVersionItem['channel'];
const state = (c: string): State => (c === 'beta' || c === 'stable' ? c : '');

/** Version items with their installers and change records, in the order of `rows` (any property's). */
export async function versionItems(
  s: Services,
  locale: Locale,
  rows: readonly versions.VersionRow[],
): Promise<SoftVersionItem[]> {
  if (rows.length === 0) return [];
  const installers = new Map<string, SoftInstallerItem[]>();
  const records = new Map<string, SoftChangeRecordItem[]>();
  const softs = new Map<string, { name: string; signed: boolean }>();
  for (const [pno, group] of byPno(rows)) {
    const t = propertyTenant(pno);
    const ids = group.map((r) => r.version_id);
    const [inst, recs, soft] = await Promise.all([
      versions.installersOf(s.db, t, ids),
      versions.changeRecordsOf(s.db, t, ids),
      Promise.all([...new Set(group.map((r) => r.soft_id))].map((id) => repo.findSoft(s.db, t, id))),
    ]);
    for (const r of inst) {
      installers.set(r.version_id, [...(installers.get(r.version_id) ?? []), installerItem(s, r)]);
    }
    for (const r of recs)
      records.set(r.version_id, [...(records.get(r.version_id) ?? []), changeRecordItem(locale, r)]);
    for (const x of soft) if (x) softs.set(x.soft_id, { name: x.name, signed: x.sign_module_id !== '' });
  }
  const [users, properties] = await Promise.all([
    userNames(
      s.db,
      rows.flatMap((r) => [r.created_by, r.released_by]),
    ),
    propertyNames(
      s.db,
      rows.map((r) => r.pno),
    ),
  ]);
  return rows.map((r) => {
    const list = installers.get(r.version_id) ?? [];
    const soft = softs.get(r.soft_id);
    const signed = list.length > 0 && (!soft?.signed || list.every((i) => i.signature !== ''));
    return {
      versionId: r.version_id,
      softId: r.soft_id,
      softName: soft?.name ?? '',
      pno: r.pno,
      propertyName: properties.get(r.pno) ?? '',
      version: r.version,
      notesZh: r.notes_zh,
      notesEn: r.notes_en,
      notes: inLocale(locale, r.notes_zh, r.notes_en),
      channel: state(r.channel),
      pendingChannel: state(r.pending_channel),
      applyId: r.apply_id,
      rejectReason: r.reject_reason,
      releasedBy: r.released_by,
      releasedByName: users.get(r.released_by) ?? '',
      releasedAt: r.released_at === null ? null : Number(r.released_at),
      signed: signed ? 1 : 0,
      installerList: list,
      changeRecordList: records.get(r.version_id) ?? [],
      createdBy: r.created_by,
      createdByName: users.get(r.created_by) ?? '',
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    };
  });
}

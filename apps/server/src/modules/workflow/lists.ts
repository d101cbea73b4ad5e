import type {
  ApplyDetail,
  ApplyItem,
  ApplyState,
  ApplyTypeId,
  FlowAction,
  FlowHistoryEntry,
  MyApplyItem,
} from '@keel/contract/endpoints/workflow';
import { WORKFLOW_PERMISSIONS } from '@keel/contract/endpoints/workflow';
import type { Page } from '@keel/contract/envelope';
import { pageWindow } from '../../platform/db/paging';
import type { PropertyContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { applyTypeDef } from './apply-types';
import { parseFlow } from './engine';
import * as lists from './list-repo';
import { renderSpecs } from './people';
import * as people from './people-repo';
import * as repo from './repo';

/** The lists and one application's detail (README "Lists"). */

interface Paging {
  pageNum: number;
  pageSize: number;
}

type Filter = lists.ListFilter;

const parseObject = (json: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The page's items in the order of `ids`. */
async function items(s: Services, t: Tenant, ids: readonly string[], doneBy?: string): Promise<ApplyItem[]> {
  const [rows, waiting, done] = await Promise.all([
    lists.applicationRows(s.db, t, ids),
    lists.waitingOf(s.db, t, ids),
    doneBy ? lists.doneRows(s.db, t, doneBy, ids) : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((r) => [r.apply_id, r]));
  const doneById = new Map(done.map((d) => [d.apply_id, d]));
  const out: ApplyItem[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const flow = parseFlow(r.flow);
    const d = doneById.get(id);
    out.push({
      applyId: r.apply_id,
      pno: r.pno,
      applyType: r.apply_type as ApplyTypeId,
      applicantUid: r.applicant_uid,
      applicantName: r.applicant_name,
      applicantPhone: r.applicant_phone,
      subjectId: r.subject_id,
      subjectName: r.subject_name,
      snapshot: parseObject(r.snapshot),
      state: r.state as ApplyState,
      stepIndex: Number(r.step_index),
      stepNum: Number(r.step_num),
      stepName: flow[Number(r.step_index) - 1]?.name ?? '',
      currentAuditors: waiting.filter((w) => w.apply_id === id).map((w) => ({ uid: w.uid, name: w.name })),
      reason: r.reason,
      version: Number(r.version),
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
      finishTime: r.finished_at === null ? null : Number(r.finished_at),
      myAction: d ? (d.action as FlowAction) : null,
      myActionTime: d ? Number(d.acted_at) : null,
    });
  }
  return out;
}

async function page(
  s: Services,
  t: Tenant,
  input: Paging,
  total: number,
  ids: (w: NonNullable<ReturnType<typeof pageWindow>>) => Promise<string[]>,
  doneBy?: string,
): Promise<Page<ApplyItem>> {
  const w = pageWindow(total, input.pageNum, input.pageSize);
  const list = w ? await items(s, t, await ids(w), doneBy) : [];
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** `flowAudit/getAuditOrNoAuditList`: the caller's to-do (0) or done (1) list. */
export async function auditList(
  s: Services,
  t: Tenant,
  uid: string,
  input: Paging & Filter & { auditStatus: 0 | 1 },
): Promise<Page<ApplyItem>> {
  const f: Filter = {
    applyType: input.applyType,
    applicantUid: input.applicantUid,
    str: input.str,
    startTime: input.startTime,
    endTime: input.endTime,
  };
  if (input.auditStatus === 0) {
    const total = await lists.countTodo(s.db, t, uid, f);
    return page(s, t, input, total, (w) => lists.todoIds(s.db, t, uid, f, w));
  }
  const total = await lists.countDone(s.db, t, uid, f);
  return page(s, t, input, total, (w) => lists.doneIds(s.db, t, uid, f, w), uid);
}

/** `flowAudit/getMyApplyList`: the caller's own applications. */
export async function myApplications(s: Services, t: Tenant, uid: string, input: Paging & Filter) {
  const f: Filter = { applicantUid: uid, applyType: input.applyType, state: input.state };
  const total = await lists.countApps(s.db, t, f);
  return page(s, t, input, total, (w) => lists.appIds(s.db, t, f, w));
}

/** `flowAudit/getApplyList`: every application of the property. */
export async function allApplications(s: Services, t: Tenant, input: Paging & Filter) {
  const f: Filter = {
    applyType: input.applyType,
    state: input.state,
    applicantUid: input.applicantUid,
    str: input.str,
    startTime: input.startTime,
    endTime: input.endTime,
  };
  const total = await lists.countApps(s.db, t, f);
  return page(s, t, input, total, (w) => lists.appIds(s.db, t, f, w));
}

/**
 * `flowAudit/getMyApplyListByUser`: the caller's own applications in every property (the personal scope), newest
 * first, each with its property's name.
 */
export async function myApplicationsEverywhere(
  s: Services,
  uid: string,
  input: Paging & Filter,
): Promise<Page<MyApplyItem>> {
  const f: Filter = { applyType: input.applyType, state: input.state };
  const total = await lists.countMine(s.db, uid, f);
  const w = pageWindow(total, input.pageNum, input.pageSize);
  const found = w ? await lists.mineIds(s.db, uid, f, w) : [];
  const byPno = new Map<string, string[]>();
  for (const r of found) byPno.set(r.pno, [...(byPno.get(r.pno) ?? []), r.apply_id]);
  const rendered = new Map<string, ApplyItem>();
  for (const [pno, ids] of byPno) {
    for (const item of await items(s, propertyTenant(pno), ids)) rendered.set(item.applyId, item);
  }
  const list: MyApplyItem[] = [];
  for (const r of found) {
    const item = rendered.get(r.apply_id);
    if (item) list.push({ ...item, propertyName: r.property_name });
  }
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** `flowAudit/getMyApplyDetailByUser`: one of the caller's own applications, wherever it is; another's "not found". */
export async function myDetail(s: Services, uid: string, applyId: string) {
  const mine = await lists.findMine(s.db, uid, applyId);
  if (!mine) throw notFound('applyId');
  return { ...(await detailIn(s, propertyTenant(mine.pno), uid, applyId, false)), propertyName: mine.property_name };
}

/** The property an application of the caller's own is in (for acting on it in the personal scope). */
export async function propertyOfMine(s: Services, uid: string, applyId: string): Promise<string> {
  const mine = await lists.findMine(s.db, uid, applyId);
  if (!mine) throw notFound('applyId');
  return mine.pno;
}

/**
 * One application in full. Its applicant, anyone who waits on it or took part in it, those who assign, and holders
 * of its type's permission see it; anyone else gets "not found".
 */
export async function detail(
  s: Services,
  property: PropertyContext,
  uid: string,
  applyId: string,
): Promise<ApplyDetail> {
  const t = propertyTenant(property.pno);
  const app = await repo.findApplication(s.db, t, applyId);
  if (!app) throw notFound('applyId');
  const mayAssign = property.permissions.has(WORKFLOW_PERMISSIONS.assign);
  const visible =
    app.applicant_uid === uid ||
    mayAssign ||
    property.permissions.has(applyTypeDef(app.apply_type).permission) ||
    (await lists.takesPart(s.db, t, applyId, uid));
  if (!visible) throw notFound('applyId');
  return detailIn(s, t, uid, applyId, mayAssign);
}

/** An application in full, for a caller allowed to see it (`mayAssign`: whether they may assign it). */
async function detailIn(s: Services, t: Tenant, uid: string, applyId: string, mayAssign: boolean) {
  const app = await repo.findApplication(s.db, t, applyId);
  if (!app) throw notFound('applyId');
  const [item] = await items(s, t, [applyId]);
  if (!item) throw notFound('applyId');
  const history = await repo.historyOf(s.db, t, applyId);
  const targetUids = history.flatMap((h) => parseTargets(h.targets));
  const cards = await people.userCards(s.db, targetUids);
  const entries: FlowHistoryEntry[] = history.map((h) => ({
    id: h.id,
    seq: Number(h.seq),
    action: h.action as FlowAction,
    stepIndex: Number(h.step_index),
    actorUid: h.actor_uid,
    actorName: h.actor_name ?? '',
    comment: h.comment,
    targets: parseTargets(h.targets).map((u) => ({ uid: u, name: cards.get(u)?.name ?? '' })),
    createTime: Number(h.created_at),
  }));
  const flow = parseFlow(app.flow);
  const current = Number(app.step_index);
  const steps = await Promise.all(
    flow.map(async (spec, i) => {
      const index = i + 1;
      const at = entries.filter((e) => e.stepIndex === index);
      const skipped = at.some((e) => e.action === 'skip');
      const state = skipped
        ? 'skipped'
        : index < current
          ? 'passed'
          : index > current
            ? 'waiting'
            : app.state === 'pending'
              ? 'current'
              : app.state === 'passed'
                ? 'passed'
                : app.state === 'rejected'
                  ? 'rejected'
                  : 'withdrawn';
      return {
        index,
        name: spec.name,
        rule: spec.rule,
        skipApplicant: spec.skipApplicant,
        auditors: await renderSpecs(s, s.db, t, spec.auditors),
        state: state as ApplyDetail['steps'][number]['state'],
        passedBy: at
          .filter((e) => e.action === 'pass' && e.actorUid)
          .map((e) => ({ uid: e.actorUid as string, name: e.actorName })),
      };
    }),
  );
  const pending = app.state === 'pending';
  const waiting = item.currentAuditors.some((a) => a.uid === uid);
  const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;
  return {
    ...item,
    steps,
    history: entries,
    can: {
      pass: flag(pending && waiting),
      reject: flag(pending && waiting),
      transmit: flag(pending && waiting),
      assign: flag(pending && mayAssign),
      withdraw: flag(pending && app.applicant_uid === uid),
    },
  };
}

function parseTargets(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

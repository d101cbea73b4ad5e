import { APP_REVIEW_PERMISSIONS } from '@keel/contract/endpoints/app-review';
import { memberUidsAmong, userNames } from '../../platform/auth/reads';
import { AppError, notFound } from '../../platform/http/errors';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { appHeads } from '../app-store/reads';
import { holdersOf } from '../workflow/service';
import type { Caller } from './caller';
import type { TaskRow } from './repo';

/**
 * Reviewers (README "Who may do what"): a task is assigned to a member holding the app review permission in the
 * whole property — those the app store's built-in review flow names as its auditors (workflow `holdersOf`).
 */

/** Whom a task may be assigned to, by name. */
export async function reviewerCandidates(s: Services, t: Tenant): Promise<Array<{ uid: string; name: string }>> {
  const uids = await holdersOf(s.db, t, APP_REVIEW_PERMISSIONS.audit);
  const names = await userNames(s.db, uids);
  return uids.map((uid) => ({ uid, name: names.get(uid) ?? '' })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The reviewer's name if they may be assigned; another property's user is "not found". */
export async function eligibleReviewer(s: Services, t: Tenant, uid: string): Promise<string> {
  if ((await memberUidsAmong(s.db, t, [uid])).length === 0) throw notFound('uid');
  const name = (await userNames(s.db, [uid])).get(uid) ?? '';
  const holders = await holdersOf(s.db, t, APP_REVIEW_PERMISSIONS.audit);
  if (!holders.includes(uid)) throw new AppError('appTaskReviewerNotAllowed', { name });
  return name;
}

/** Tells the new reviewer in the message centre (rendered in their language). */
export async function announceAssignment(s: Services, c: Caller, task: TaskRow, uid: string) {
  const head = (await appHeads(s.db, c.t, [task.app_id], c.locale)).get(task.app_id);
  const actor = (await userNames(s.db, [c.uid])).get(c.uid) ?? '';
  await notify(s, {
    uid,
    pno: c.t.pno,
    type: 'review',
    key: 'appTaskAssigned',
    params: { app: head?.appName ?? '', package: head?.packageName ?? '', actor },
    link: { kind: 'appTask', id: task.task_id },
  }).catch((err) => s.log.error({ err }, 'app review message failed'));
}

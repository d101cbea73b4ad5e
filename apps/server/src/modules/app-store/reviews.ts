import { AUDIT_STATUS, SHELF_STATUS } from '@keel/contract/endpoints/app-store';
import type { Db } from '../../platform/db/connect';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { applyTypeHooks, type FlowApplication, type HookContext } from '../workflow/service';
import * as repo from './repo';
import { shelfPassed } from './shelf';

/**
 * Reviews (README "Reviews"): an app's information is an application of type `app`, a version one of type
 * `appVersion` (modules/workflow). Passing the last step marks it passed, a rejection rejected with the reason, a
 * withdrawal makes it a draft again; the developer hears the outcome through the engine's messages. Each hook
 * changes only a subject still under review. A version's shelf review is a third type, `appShelf`.
 */

type Update = (db: Db, t: Tenant, id: string, set: repo.ReviewOutcome) => Promise<unknown>;

const decide =
  (update: Update, status: number, keepComment: boolean) => async (app: FlowApplication, h: HookContext) => {
    await update(h.trx, propertyTenant(app.pno), app.subjectId as string, {
      audit_status: status,
      audit_comment: keepComment ? h.comment : '',
      updated_at: h.now,
    });
  };

const hooksFor = (update: Update) => ({
  onPassed: decide(update, AUDIT_STATUS.passed, false),
  onRejected: decide(update, AUDIT_STATUS.rejected, true),
  onWithdrawn: decide(update, AUDIT_STATUS.draft, false),
});

/** An app's information passing changes what its repository shows (its listings). */
const decideAppAndRepository: Update = async (db, t, id, set) => {
  await repo.decideAppReview(db, t, id, set);
  if (set.audit_status === AUDIT_STATUS.passed) await repo.bumpRepository(db, t, set.updated_at);
};

export const appReviews = applyTypeHooks('app', hooksFor(decideAppAndRepository));
export const versionReviews = applyTypeHooks('appVersion', hooksFor(repo.decideVersionReview));

/** The shelf review (`appShelf`): passing puts the version on the shelf now or at its time (shelf.ts). */
export const shelfReviews = applyTypeHooks('appShelf', {
  onPassed: (app, h) => shelfPassed(h.s, h.trx, propertyTenant(app.pno), app.subjectId as string, h.now),
  onRejected: (app, h) =>
    repo.endShelfReview(
      h.trx,
      propertyTenant(app.pno),
      app.subjectId as string,
      SHELF_STATUS.rejected,
      h.comment,
      h.now,
    ),
  onWithdrawn: (app, h) =>
    repo.endShelfReview(h.trx, propertyTenant(app.pno), app.subjectId as string, SHELF_STATUS.none, '', h.now),
});

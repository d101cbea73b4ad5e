import type { RequestContext } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { actorOf, spaceWithRight } from './scope';

/**
 * Spaces (README.md): the rules live in spaces.ts, groups.ts, applications.ts and quota.ts; this is what routes and
 * other modules use. No SQL and no HTTP here.
 *
 * For other modules:
 * - storage: `reserveSpaceQuota` / `releaseSpaceUsage` (quota.ts), and `spaceForRequest(s, ctx, sid, 'write')`
 *   before writing into a space;
 * - devices and storage: contribute a counter to `groupItemCounters` so that group trees count them;
 * - the central scope check (platform/http): `spaceScope`, `inSpaceScope`, `assertSpaceInScope` over a request's
 *   property, and `spaceOfRef` to find the space a `space` / `spaceGroup` / `spaceApply` id names;
 * - the workflow engine: `reviewSpaceApplication`.
 */

export {
  apply,
  listMine,
  listToReview,
  review,
  reviewSpaceApplication,
  spaceBusinessApplications,
} from './applications';
export { type GroupItemCounter, type GroupItemKind, groupItemCounters } from './group-items';
export { deleteGroup, groupTree, saveGroup } from './groups';
export {
  type QuotaReservation,
  RESERVATION_TTL_MS,
  releaseSpaceUsage,
  reserveSpaceQuota,
  resumeSpaceReservation,
} from './quota';
export { spaceOfRef } from './refs';
export { actorOf, assertSpaceInScope, inSpaceScope, type SpaceActor, spaceScope } from './scope';
export { addSpace, listMySpaces, listSpaces, quotaRecords, spaceInfo, statistics, updateQuota } from './spaces';

/**
 * The space a request may read (its owner, administrators within their space scope, operators) or write into (its
 * owner, administrators with the group right within their scope, operators): another property's or an unknown sid
 * is "not found", one out of reach forbidden. Answers the space's sid, property and owner.
 */
export async function spaceForRequest(s: Services, ctx: RequestContext, sid: string, right: 'read' | 'write') {
  const space = await spaceWithRight(s, actorOf(ctx), sid, right === 'read' ? 'read' : 'group');
  return { sid: space.sid, pno: space.pno, uid: space.uid, name: space.name, business: space.business };
}

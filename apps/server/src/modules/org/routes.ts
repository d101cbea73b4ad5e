import { orgEndpoints } from '@keel/contract/endpoints/org';
import { contribution } from '../../platform/extension-points';
import { type RequestContext, requireProperty, requireUser } from '../../platform/http/context';
import { defineModule, type Handlers } from '../../platform/http/mount';
import type { Services } from '../../platform/services';
import { operatorView } from '../../platform/tenancy/tenant';
import { accountRegistered } from '../auth/extensions';
import { auditorGroups } from '../workflow/auditor-groups';
import { unitAuditors } from './auditor-group';
import * as org from './service';

/**
 * Organisations, members, invitations and join requests (README.md). Organisation units are a scope kind: every
 * endpoint declaring `scope: { org }` is checked through `orgScope` (platform/http/scope.ts).
 */
export const orgModule = defineModule(orgEndpoints, orgHandlers, {
  scopes: { org: org.orgScope },
  // A phone's open invitations reach the account it gets (auth/extensions.ts); units are auditors of the
  // workflow (auditor-group.ts).
  contributes: [
    org.memberJoinApplications,
    contribution(accountRegistered, org.deliverPendingInvitations),
    contribution(auditorGroups, unitAuditors),
  ],
});

function orgHandlers(s: Services): Handlers<typeof orgEndpoints> {
  /** The selected property, or for an operator without `pno` header the one named in the input (README). */
  const target = (ctx: RequestContext, pno: string | undefined) => org.targetProperty(s.db, ctx, pno);
  /**
   * Runs a change on the target property; the audit record of an operator's call (which has no selected
   * property) names the property in its target: `<pno>:<target>`.
   */
  const change = async <T>(ctx: RequestContext, pno: string | undefined, run: (p: org.OrgProperty) => Promise<T>) => {
    const property = await target(ctx, pno);
    try {
      return await run(property);
    } finally {
      if (!ctx.property) ctx.audit.target = `${property.pno}:${ctx.audit.target ?? ''}`.slice(0, 500);
    }
  };
  return {
    'o/ifOrgUser': async (input, ctx) => org.whereIs(s, await target(ctx, input.pno), requireUser(ctx), input.phoneNum),
    'o/getMyOrgTreeList': async (input, ctx) => org.myTree(s.db, await target(ctx, input.pno)),
    'o/getAllOrgTreeList': async (input, ctx) => org.operatorTrees(s.db, operatorView(ctx, input.filterPno)),
    'o/addOrUpdateOrg': async (input, ctx) => {
      return change(ctx, input.pno, async (p) => {
        const oid = await org.saveNode(s, p, input);
        ctx.audit.target = oid;
        return { oid };
      });
    },
    'o/delOrgTree': async (input, ctx) => {
      ctx.audit.target = input.oid;
      await change(ctx, input.pno, (p) => org.deleteNode(s, p, input.oid));
      return null;
    },
    'o/getOrgUserList': async (input, ctx) => org.listOrgUsers(s, await target(ctx, input.pno), input),
    'o/moveOrgUser': async (input, ctx) => {
      ctx.audit.target = input.uidList.join(',').slice(0, 500);
      return { moved: await change(ctx, input.pno, (p) => org.moveUsers(s, p, input.uidList, input.oid)) };
    },
    'o/delOrgUser': async (input, ctx) => {
      await change(ctx, input.pno, (p) => org.removeUser(s, ctx, p, input.oid, input.uid));
      return null;
    },
    'o/inviteOrgUser': async (input, ctx) =>
      change(ctx, input.pno, (p) => org.invite(s, ctx, p, requireUser(ctx), input)),
    'o/processInvite': async (input, ctx) => org.answerInvite(s, ctx, requireUser(ctx), input.id, input.accept === 1),
    'o/getInviteInfo': async (input, ctx) => org.inviteInfo(s, requireUser(ctx), input.id),
    'o/registerOrgUser': async (input, ctx) => change(ctx, input.pno, (p) => org.registerMember(s, ctx, p, input)),
    'o/applyJoinProperty': async (input, ctx) => org.applyJoin(s, ctx, requireUser(ctx), input.pno, input.remark),
    'o/auditInviteOrgUser': async (input, ctx) => org.review(s, ctx, requireProperty(ctx), requireUser(ctx), input),
    'o/getAuditUserList': async (input, ctx) => org.listRequests(s, requireProperty(ctx), input),
  };
}

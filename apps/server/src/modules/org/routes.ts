import { orgEndpoints } from '@keel/contract/endpoints/org';
import { requireProperty, requireUser } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { defineModule } from '../../platform/http/mount';
import * as repo from './repo';
import * as org from './service';

/** Organisations, members, invitations and join requests (README.md). */
export const orgModule = defineModule(orgEndpoints, (s) => ({
  'o/ifOrgUser': async (input, ctx) => org.whereIs(s, requireProperty(ctx), requireUser(ctx), input.phoneNum),
  'o/getMyOrgTreeList': async (_input, ctx) => {
    return org.myTree(s.db, requireProperty(ctx));
  },
  'o/getAllOrgTreeList': async (input) => {
    if (!input.filterPno) return org.propertyRoots(s.db);
    const property = await repo.findProperty(s.db, input.filterPno);
    if (!property) throw notFound('filterPno');
    return [await org.propertyTree(s.db, property.pno, property.name)];
  },
  'o/addOrUpdateOrg': async (input, ctx) => {
    const oid = await org.saveNode(s, requireProperty(ctx), input);
    ctx.audit.target = oid;
    return { oid };
  },
  'o/delOrgTree': async (input, ctx) => {
    ctx.audit.target = input.oid;
    await org.deleteNode(s, requireProperty(ctx), input.oid);
    return null;
  },
  'o/getOrgUserList': async (input, ctx) => org.listOrgUsers(s, requireProperty(ctx), input),
  'o/moveOrgUser': async (input, ctx) => {
    ctx.audit.target = input.uidList.join(',').slice(0, 500);
    return { moved: await org.moveUsers(s, requireProperty(ctx), input.uidList, input.oid) };
  },
  'o/delOrgUser': async (input, ctx) => {
    await org.removeUser(s, ctx, requireProperty(ctx), input.oid, input.uid);
    return null;
  },
  'o/inviteOrgUser': async (input, ctx) => org.invite(s, ctx, requireProperty(ctx), requireUser(ctx), input),
  'o/processInvite': async (input, ctx) => org.answerInvite(s, ctx, requireUser(ctx), input.id, input.accept === 1),
  'o/getInviteInfo': async (input, ctx) => org.inviteInfo(s, requireUser(ctx), input.id),
  'o/registerOrgUser': async (input, ctx) => org.registerMember(s, ctx, requireProperty(ctx), input),
  'o/applyJoinProperty': async (input, ctx) => org.applyJoin(s, ctx, requireUser(ctx), input.pno, input.remark),
  'o/auditInviteOrgUser': async (input, ctx) => org.review(s, ctx, requireProperty(ctx), requireUser(ctx), input),
  'o/getAuditUserList': async (input, ctx) => org.listRequests(s, requireProperty(ctx), input),
}));

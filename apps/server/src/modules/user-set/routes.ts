import { userSetEndpoints } from '@keel/contract/endpoints/user-set';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import * as service from './service';

/** The audit target of a membership change: the group and (the first 20 of) the users. */
const membershipTarget = (group: string, uids: readonly string[]) =>
  `${group}:${uids.slice(0, 20).join(',')}${uids.length > 20 ? `,+${uids.length - 20}` : ''}`;

/** The selected property; none for an operator calling from the back office without `pno` (access orPlatform). */
const scopeOf = (ctx: RequestContext): service.Scope => ({ pno: ctx.property?.pno ?? null, uid: requireUser(ctx).uid });

/** User sets (issue 3): see README.md for the model. */
export const userSetModule = defineModule(userSetEndpoints, (s) => ({
  'us/getUserSetList': async (input, ctx) => {
    const { rows, total } = await service.listUserSets(s, scopeOf(ctx), input);
    return {
      list: rows.map((r) => ({
        usid: r.usid,
        pno: r.pno,
        propertyName: r.property_name,
        name: r.name,
        remark: r.remark,
        userCount: r.user_count,
        createTime: r.created_at,
        updateTime: r.updated_at,
      })),
      total,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  },
  'us/addOrUpdateUserSet': async (input, ctx) => {
    if (input.usid) ctx.audit.target = input.usid;
    const usid = await service.saveUserSet(s, scopeOf(ctx), input);
    ctx.audit.target = usid;
    return { usid };
  },
  'us/delUserSet': async (input, ctx) => {
    ctx.audit.target = input.usid;
    return { removed: await service.deleteUserSet(s, scopeOf(ctx), input.usid, input.force === 1) };
  },
  'us/getUserSetUserList': async (input, ctx) => {
    const { rows, total } = await service.listUserSetUsers(s, scopeOf(ctx), input);
    return {
      list: rows.map((r) => ({
        uid: r.uid,
        name: r.name,
        phoneNum: r.phone,
        email: r.email,
        status: r.status === 1 ? (1 as const) : (0 as const),
        addTime: r.added_at,
      })),
      total,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  },
  'us/addUserSetUser': async (input, ctx) => {
    ctx.audit.target = membershipTarget(input.usid, input.uidList);
    return { added: await service.addUserSetUsers(s, scopeOf(ctx), input.usid, input.uidList) };
  },
  'us/delUserSetUser': async (input, ctx) => {
    ctx.audit.target = membershipTarget(input.usid, input.uidList);
    return { removed: await service.removeUserSetUsers(s, scopeOf(ctx), input.usid, input.uidList) };
  },
}));

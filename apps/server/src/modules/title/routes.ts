import { titleEndpoints } from '@keel/contract/endpoints/title';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import * as service from './service';

/** The audit target of a membership change: the group and (the first 20 of) the users. */
const membershipTarget = (group: string, uids: readonly string[]) =>
  `${group}:${uids.slice(0, 20).join(',')}${uids.length > 20 ? `,+${uids.length - 20}` : ''}`;

/** The selected property; none for an operator calling from the back office without `pno` (access orPlatform). */
const scopeOf = (ctx: RequestContext): service.Scope => ({ pno: ctx.property?.pno ?? null, uid: requireUser(ctx).uid });

/** Titles (issue 3): see README.md for the model. */
export const titleModule = defineModule(titleEndpoints, (s) => ({
  't/getTitleList': async (input, ctx) => {
    const { rows, total } = await service.listTitles(s, scopeOf(ctx), input);
    return {
      list: rows.map((r) => ({
        tid: r.tid,
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
  't/addOrUpdateTitle': async (input, ctx) => {
    if (input.tid) ctx.audit.target = input.tid;
    const tid = await service.saveTitle(s, scopeOf(ctx), input);
    ctx.audit.target = tid;
    return { tid };
  },
  't/delTitle': async (input, ctx) => {
    ctx.audit.target = input.tid;
    return { removed: await service.deleteTitle(s, scopeOf(ctx), input.tid, input.force === 1) };
  },
  't/getTitleUserList': async (input, ctx) => {
    const { rows, total } = await service.listTitleUsers(s, scopeOf(ctx), input);
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
  't/addTitleUser': async (input, ctx) => {
    ctx.audit.target = membershipTarget(input.tid, input.uidList);
    return { added: await service.addTitleUsers(s, scopeOf(ctx), input.tid, input.uidList) };
  },
  't/delTitleUser': async (input, ctx) => {
    ctx.audit.target = membershipTarget(input.tid, input.uidList);
    return { removed: await service.removeTitleUsers(s, scopeOf(ctx), input.tid, input.uidList) };
  },
}));

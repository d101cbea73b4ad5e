import type { MemberGroupUser } from '@keel/contract/endpoints/member-group';
import type { Page } from '@keel/contract/envelope';
import { type RequestContext, requireUser } from '../http/context';
import type { Services } from '../services';
import { operatorScope, tenantOf } from '../tenancy/tenant';
import type { GroupRow, GroupValues } from './repo';
import type { MemberGroupService, Scope } from './service';

/** The handlers of a member group's six calls, bound in each kind's routes.ts under the kind's paths. */

/** The audit target of a membership change: the group and (the first 20 of) the users. */
export const membershipTarget = (group: string, uids: readonly string[]) =>
  `${group}:${uids.slice(0, 20).join(',')}${uids.length > 20 ? `,+${uids.length - 20}` : ''}`;

/**
 * The selected property; for a platform operator calling from the back office without `pno` (access orPlatform),
 * every property — only after the operator check (`operatorScope` refuses anyone else).
 */
export const backOfficeScope = (ctx: RequestContext): Scope => ({
  tenant: ctx.property ? tenantOf(ctx) : operatorScope(ctx),
  uid: requireUser(ctx).uid,
});

/** The selected property (kinds without a back office). */
export const propertyScope = (ctx: RequestContext): Scope => ({
  tenant: tenantOf(ctx),
  uid: requireUser(ctx).uid,
});

/** The list item of a group that operators also reach in the back office (titles, user sets). */
export const backOfficeItem =
  <Id extends string>(id: Id) =>
  (r: GroupRow<Id, { property_name: string }>) => ({
    ...({ [id]: r[id] } as unknown as Record<Id, string>),
    pno: r.pno,
    propertyName: r.property_name,
    name: r.name,
    remark: r.remark,
    userCount: r.user_count,
    createTime: r.created_at,
    updateTime: r.updated_at,
  });

type Ref<Id extends string> = Record<Id, string>;

export function memberGroupHandlers<Id extends string, Extra, V extends GroupValues, SaveIn, Item>(
  s: Services,
  service: MemberGroupService<Id, Extra, V, SaveIn>,
  id: Id,
  scopeOf: (ctx: RequestContext) => Scope,
  toItem: (row: GroupRow<Id, Extra>) => Item,
) {
  return {
    list: async (
      input: Partial<Ref<Id>> & { str?: string; filterPno?: string; pageNum: number; pageSize: number },
      ctx: RequestContext,
    ): Promise<Page<Item>> => {
      const { rows, total } = await service.list(s, scopeOf(ctx), { ...input, only: input[id] });
      return { list: rows.map(toItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },
    save: async (input: SaveIn & Partial<Ref<Id>> & { pno?: string }, ctx: RequestContext): Promise<Ref<Id>> => {
      const given: string | undefined = input[id];
      if (given) ctx.audit.target = given;
      const saved = await service.save(s, scopeOf(ctx), input);
      ctx.audit.target = saved;
      return { [id]: saved } as Ref<Id>;
    },
    del: async (input: Ref<Id> & { force: 0 | 1 }, ctx: RequestContext) => {
      ctx.audit.target = input[id];
      return { removed: await service.delete(s, scopeOf(ctx), input[id], input.force === 1) };
    },
    users: async (
      input: Ref<Id> & { str?: string; pageNum: number; pageSize: number },
      ctx: RequestContext,
    ): Promise<Page<MemberGroupUser>> => {
      const { rows, total } = await service.listUsers(s, scopeOf(ctx), input[id], input);
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
    add: async (input: Ref<Id> & { uidList: string[] }, ctx: RequestContext) => {
      ctx.audit.target = membershipTarget(input[id], input.uidList);
      return { added: await service.addUsers(s, scopeOf(ctx), input[id], input.uidList) };
    },
    remove: async (input: Ref<Id> & { uidList: string[] }, ctx: RequestContext) => {
      ctx.audit.target = membershipTarget(input[id], input.uidList);
      return { removed: await service.removeUsers(s, scopeOf(ctx), input[id], input.uidList) };
    },
  };
}

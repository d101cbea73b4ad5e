import { customerEndpoints } from '@keel/contract/endpoints/customer';
import { type RequestContext, requireProperty, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import * as repo from './repo';
import * as service from './service';

/** The audit target of a membership change: the group and (the first 20 of) the users. */
const membershipTarget = (group: string, uids: readonly string[]) =>
  `${group}:${uids.slice(0, 20).join(',')}${uids.length > 20 ? `,+${uids.length - 20}` : ''}`;

const scopeOf = (ctx: RequestContext): service.Scope => ({ pno: requireProperty(ctx).pno, uid: requireUser(ctx).uid });

/** Customers (issue 3): see README.md for the model. */
export const customerModule = defineModule(customerEndpoints, (s) => ({
  'cu/getCustomerList': async (input, ctx) => {
    const { rows, total } = await repo.listCustomers(
      s.db,
      requireProperty(ctx).pno,
      input.str || undefined,
      input.pageNum,
      input.pageSize,
    );
    return {
      list: rows.map((r) => ({
        cid: r.cid,
        name: r.name,
        code: r.code,
        contactName: r.contact_name,
        contactPhone: r.contact_phone,
        contactEmail: r.contact_email,
        address: r.address,
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
  'cu/addOrUpdateCustomer': async (input, ctx) => {
    if (input.cid) ctx.audit.target = input.cid;
    const cid = await service.saveCustomer(s, scopeOf(ctx), input);
    ctx.audit.target = cid;
    return { cid };
  },
  'cu/delCustomer': async (input, ctx) => {
    ctx.audit.target = input.cid;
    return { removed: await service.deleteCustomer(s, scopeOf(ctx), input.cid, input.force === 1) };
  },
  'cu/getCustomerUserList': async (input, ctx) => {
    const { rows, total } = await service.listCustomerUsers(s, scopeOf(ctx), input);
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
  'cu/addCustomerUser': async (input, ctx) => {
    ctx.audit.target = membershipTarget(input.cid, input.uidList);
    return { added: await service.addCustomerUsers(s, scopeOf(ctx), input.cid, input.uidList) };
  },
  'cu/delCustomerUser': async (input, ctx) => {
    ctx.audit.target = membershipTarget(input.cid, input.uidList);
    return { removed: await service.removeCustomerUsers(s, scopeOf(ctx), input.cid, input.uidList) };
  },
}));

import type { Business } from '@keel/contract/constants';
import { propertyEndpoints } from '@keel/contract/endpoints/property';
import { listMyProperties } from '../../platform/auth/property-context';
import { requireProperty, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import * as repo from './repo';
import * as service from './service';

const flag01 = (v: number) => (v === 1 ? (1 as const) : (0 as const));

/** Properties and their businesses (issue 3). Model: README.md. */
export const propertyModule = defineModule(propertyEndpoints, (s) => ({
  'pro/getMyPropertyList': async (_input, ctx) => listMyProperties(s.db, requireUser(ctx).uid),
  'pro/getMenuIdList': async (_input, ctx) => ({ menuIdList: [...requireProperty(ctx).permissions] }),
  'pro/getAllPropertyList': async (input) => {
    const { rows, total } = await repo.listProperties(
      s.db,
      {
        str: input.str || undefined,
        isCustomer: input.isCustomer,
        filterUid: input.filterUid,
        business: input.business,
      },
      input.pageNum,
      input.pageSize,
    );
    const businesses = await repo.businessesOf(
      s.db,
      rows.map((r) => r.pno),
    );
    const list = rows.map((r) => ({
      pno: r.pno,
      name: r.name,
      isCustomer: flag01(r.is_customer),
      ownerUid: r.owner_uid,
      ownerName: r.owner_name,
      ownerPhoneNum: r.owner_phone,
      memberCount: Number(r.member_count ?? 0),
      businessList: businesses
        .filter((b) => b.pno === r.pno)
        .map((b) => ({
          business: b.business as Business,
          disabled: flag01(b.disabled),
          authoriseTime: b.authorised_at,
        })),
      createTime: r.created_at,
      updateTime: r.updated_at,
    }));
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  'pro/addProperty': async (input, ctx) => {
    const pno = await service.addProperty(s, input);
    ctx.audit.target = pno;
    return { pno };
  },
  'pro/updateProperty': async (input, ctx) => {
    ctx.audit.target = ctx.property?.pno ?? input.pno;
    await service.updateProperty(s, ctx, input);
    return null;
  },
  'pro/getBusinessStatusList': async (input, ctx) => {
    const property = await service.targetProperty(s, ctx, input.pno);
    return service.businessStatus(s, property.pno);
  },
  'pro/setBusinessDisable': async (input, ctx) => {
    const { pno } = requireProperty(ctx);
    ctx.audit.target = `${pno}:${input.business}`;
    await service.setBusinessDisabled(s, pno, input.business, input.disabled);
    return null;
  },
  'pro/authPropertyBusiness': async (input, ctx) => {
    ctx.audit.target = input.pno;
    const { added, removed } = await service.authoriseBusinesses(s, input.pno, input.businessList);
    return { added: added as Business[], removed: removed as Business[] };
  },
  'bn/getMyPropertyBusinessList': async (_input, ctx) => {
    const { pno } = requireProperty(ctx);
    const rows = await repo.businessesOf(s.db, [pno]);
    return rows.map((b) => ({
      business: b.business as Business,
      disabled: flag01(b.disabled),
      authoriseTime: b.authorised_at,
    }));
  },
}));

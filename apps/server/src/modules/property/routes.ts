import type { Business } from '@keel/contract/constants';
import { propertyEndpoints } from '@keel/contract/endpoints/property';
import { listMyProperties } from '../../platform/auth/property-context';
import { requireProperty, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import { operatorScope, propertyTenant, tenantOf } from '../../platform/tenancy/tenant';
import * as service from './service';

/** Properties and their businesses. Model: README.md. */
export const propertyModule = defineModule(propertyEndpoints, (s) => ({
  'pro/getMyPropertyList': async (_input, ctx) => listMyProperties(s.db, requireUser(ctx).uid),
  'pro/getMenuIdList': async (_input, ctx) => ({ menuIdList: [...requireProperty(ctx).permissions] }),
  'pro/getAllPropertyList': async (input, ctx) => service.listProperties(s, operatorScope(ctx), input),
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
    return service.businessStatus(s, propertyTenant(property.pno));
  },
  'pro/setBusinessDisable': async (input, ctx) => {
    const tenant = tenantOf(ctx);
    ctx.audit.target = `${tenant.pno}:${input.business}`;
    await service.setBusinessDisabled(s, tenant, input.business, input.disabled);
    return null;
  },
  'pro/authPropertyBusiness': async (input, ctx) => {
    ctx.audit.target = input.pno;
    const { added, removed } = await service.authoriseBusinesses(s, input.pno, input.businessList);
    return { added: added as Business[], removed: removed as Business[] };
  },
  'bn/getMyPropertyBusinessList': async (_input, ctx) => service.businessList(s, tenantOf(ctx)),
}));

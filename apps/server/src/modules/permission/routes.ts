import { permissionEndpoints } from '@keel/contract/endpoints/permission';
import { contribution } from '../../platform/extension-points';
import { requireProperty, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import { operatorView, tenantOf } from '../../platform/tenancy/tenant';
import { memberLeavers } from '../org/leave';
import * as service from './service';

/** Administrators and permission sets. Model: README.md. */
export const permissionModule = defineModule(
  permissionEndpoints,
  (s) => ({
    'ps/getAllAdminList': async (input, ctx) => service.listAdminsOf(s, operatorView(ctx, input.filterPno), input),
    'ps/getMyAdminList': async (input, ctx) => {
      const page = await service.listAdminsOf(s, tenantOf(ctx), input);
      return { ...page, list: page.list.map(({ propertyName: _, ...item }) => item) };
    },
    'ps/getAllPerSetList': async (input, ctx) => service.listSetsOf(s, operatorView(ctx, input.filterPno), input),
    'ps/getMyPerSetList': async (input, ctx) => {
      return service.listMySets(s, requireProperty(ctx), input);
    },
    'ps/delPerSet': async (input, ctx) => {
      ctx.audit.target = input.psid;
      return { unassigned: await service.deleteSet(s, requireProperty(ctx), input.psid, input.force === 1) };
    },
    'ps/addOrUpdatePerSet': async (input, ctx) => {
      const psid = await service.saveSet(s, requireProperty(ctx), requireUser(ctx), input);
      ctx.audit.target = psid;
      return { psid };
    },
    'ps/getPerTreeList': async (_input, ctx) => {
      return service.grantableTree(requireProperty(ctx), ctx.locale);
    },
    'ps/assignPerSet': async (input, ctx) => {
      ctx.audit.target = input.uidList.slice(0, 20).join(',');
      return { changed: await service.assignSets(s, requireProperty(ctx), requireUser(ctx), input) };
    },
    'ps/assignMgeOrg': async (input, ctx) => {
      ctx.audit.target = `${input.uid}:${input.psid}`;
      await service.limitAssignment(
        s,
        requireProperty(ctx),
        requireUser(ctx),
        { uid: input.uid, psid: input.psid, ids: input.oidList },
        'org',
      );
      return null;
    },
    'ps/assignMgeSpace': async (input, ctx) => {
      ctx.audit.target = `${input.uid}:${input.psid}`;
      await service.limitAssignment(
        s,
        requireProperty(ctx),
        requireUser(ctx),
        { uid: input.uid, psid: input.psid, ids: input.sidList },
        'space',
      );
      return null;
    },
  }),
  // A member leaving the property loses their permission sets and scopes (org/leave.ts).
  { contributes: [contribution(memberLeavers, { what: 'adminRights', leave: service.removeAdminRights })] },
);

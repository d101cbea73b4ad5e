import { spaceEndpoints } from '@keel/contract/endpoints/space';
import { requireProperty, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import { tenantOf } from '../../platform/tenancy/tenant';
import { spaceScopeResolver } from './reads';
import * as service from './service';

/**
 * Spaces, their group trees and applications. Model: README.md. Registers spaces as a scope kind: an
 * endpoint declaring `scope: { space }` is checked through `spaceScopeResolver` (platform/http/scope.ts).
 */
export const spaceModule = defineModule(
  spaceEndpoints,
  (s) => ({
    'space/getMySpaceList': async (input, ctx) => service.listMySpaces(s, tenantOf(ctx), requireUser(ctx).uid, input),
    'space/getAllSpaceList': async (input, ctx) => service.listSpaces(s, service.actorOf(ctx), input),
    'space/addSpace': async (input, ctx) => {
      const sid = await service.addSpace(s, service.actorOf(ctx), input);
      ctx.audit.target = sid;
      return { sid };
    },
    'space/getSpaceStatistics': async (input, ctx) => service.statistics(s, service.actorOf(ctx), input.filterPno),
    'space/getMySpaceInfo': async (input, ctx) => service.spaceInfo(s, service.actorOf(ctx), input.sid, true),
    'space/getAnySpaceInfo': async (input, ctx) => service.spaceInfo(s, service.actorOf(ctx), input.sid, false),
    'space/updateSpaceQuota': async (input, ctx) => {
      ctx.audit.target = input.sid;
      return service.updateQuota(s, service.actorOf(ctx), input);
    },
    'space/getSpaceQuotaRecordList': async (input, ctx) => service.quotaRecords(s, service.actorOf(ctx), input),
    'space/getMySpaceApplyList': async (input, ctx) => service.listMine(s, tenantOf(ctx), requireUser(ctx).uid, input),
    'space/getSpaceApplyList': async (input, ctx) => service.listToReview(s, service.actorOf(ctx), input),
    'space/reviewSpaceApply': async (input, ctx) => {
      ctx.audit.target = input.id;
      return service.review(s, service.actorOf(ctx), input.id, {
        pass: input.pass === 1,
        quota: input.quota,
        note: input.note,
      });
    },
    'bn/applySpaceBusiness': async (input, ctx) => {
      const id = await service.apply(s, requireProperty(ctx), requireUser(ctx).uid, input);
      ctx.audit.target = id;
      return { id };
    },
    'sg/addOrUpdateGroup': async (input, ctx) => {
      const groupId = await service.saveGroup(s, service.actorOf(ctx), input);
      ctx.audit.target = `${input.sid}:${groupId}`;
      return { groupId };
    },
    'sg/getGroupTree': async (input, ctx) =>
      service.groupTree(s, service.actorOf(ctx), input.sid, input.includeDeviceNum === 1),
    'sg/delGroup': async (input, ctx) => {
      ctx.audit.target = `${input.sid}:${input.groupId}`;
      await service.deleteGroup(s, service.actorOf(ctx), input);
      return null;
    },
  }),
  { scopes: { space: spaceScopeResolver }, contributes: [service.spaceBusinessApplications] },
);

import { pcSoftwareEndpoints } from '@keel/contract/endpoints/pc-software';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { fileUseChecks } from '../file/service';
import { callerOf } from './caller';
import { fileUse } from './file-use';
import * as managers from './managers';
import { releaseVersion, softReleaseApplications } from './releases';
import * as software from './software';
import { softStats } from './stats';
import { listTerminals } from './terminals';
import * as trials from './trials';
import * as versions from './versions';

/** The PC software store's console calls (`soft/`, `softRelease/`, `softRelation/`, `softVersion/`, …). Model: README.md. */
export const pcSoftwareModule = defineModule(
  pcSoftwareEndpoints,
  (s) => ({
    'soft/getCommonSpaceList': async (_input, ctx) => software.listSpaces(s, callerOf(ctx)),
    'soft/saveOrUpdateSoftInfo': async (input, ctx) => {
      const item = await software.saveSoft(s, callerOf(ctx), input);
      ctx.audit.target = item.softId;
      return item;
    },
    'soft/selectSoftInfoById': async (input, ctx) => software.getSoft(s, callerOf(ctx), input.softId),
    'soft/getSoftInfoList': async (input, ctx) => software.listSoft(s, callerOf(ctx), input),
    'soft/getMainToolList': async (input, ctx) => software.listMainTools(s, callerOf(ctx), input),
    'soft/deleteSoftInfo': async (input, ctx) => {
      ctx.audit.target = input.softId;
      return { deleted: await software.deleteSoft(s, callerOf(ctx), input.softId) };
    },
    'softRelease/saveOrUpdateSoftReleaseManager': async (input, ctx) => {
      ctx.audit.target = `${input.softId}:${input.uid}`;
      return managers.saveManager(s, callerOf(ctx), input);
    },
    'softRelease/getSoftReleaseManagerInfo': async (input, ctx) =>
      managers.listManagers(s, callerOf(ctx), input.softId),
    'softRelease/deleteSoftReleaseManager': async (input, ctx) => {
      ctx.audit.target = `${input.softId}:${input.uid}`;
      return { deleted: await managers.deleteManager(s, callerOf(ctx), input) };
    },
    'softRelease/getMainToChildList': async (input, ctx) => software.listChildren(s, callerOf(ctx), input.mainSoftId),
    'softRelation/deleteSoftRelation': async (input, ctx) => {
      ctx.audit.target = input.childSoftId;
      return { deleted: await software.detachChild(s, callerOf(ctx), input.childSoftId) };
    },
    'softRelease/getTrialUserList': async (input, ctx) => trials.listTrials(s, callerOf(ctx), input),
    'softRelease/saveTrialUser': async (input, ctx) => {
      const item = await trials.saveTrial(s, callerOf(ctx), input);
      ctx.audit.target = item.trialId;
      return item;
    },
    'softRelease/deleteTrialUser': async (input, ctx) => {
      ctx.audit.target = input.trialId;
      return { deleted: await trials.deleteTrial(s, callerOf(ctx), input.trialId) };
    },
    'softVersion/saveOrUpdateSoftVersionInfo': async (input, ctx) => {
      const item = await versions.saveVersion(s, callerOf(ctx), input);
      ctx.audit.target = item.versionId;
      return item;
    },
    'softVersion/getSoftVersionInfo': async (input, ctx) => versions.getVersion(s, callerOf(ctx), input.versionId),
    'softVersion/getSoftVersionListBySoftId': async (input, ctx) => versions.listVersions(s, callerOf(ctx), input),
    'softVersion/deleteSoftVersionInfo': async (input, ctx) => {
      ctx.audit.target = input.versionId;
      return { deleted: await versions.deleteVersion(s, callerOf(ctx), input.versionId) };
    },
    'softVersion/releaseSoftVersionInfo': async (input, ctx) => {
      ctx.audit.target = input.versionId;
      return releaseVersion(s, callerOf(ctx), input);
    },
    'softVersionChangeRecord/getSoftVersionChangeRecordByVersionId': async (input, ctx) =>
      versions.changeRecords(s, callerOf(ctx), input.versionId),
    'soft/getSoftTerminalList': async (input, ctx) => listTerminals(s, callerOf(ctx), input),
    'soft/getSoftDownloadStats': async (input, ctx) => softStats(s, callerOf(ctx), input),
  }),
  { contributes: [softReleaseApplications, contribution(fileUseChecks, fileUse)] },
);

import { FILE_UPLOAD_PATH, fileEndpoints, RESUMABLE_UPLOAD_MAX, SMALL_UPLOAD_MAX } from '@keel/contract/endpoints/file';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { groupItemCounters } from '../space/service';
import * as service from './service';

/** Files in spaces and common files. Model: README.md; the tus mount and downloads: http.ts. */
export const fileModule = defineModule(
  fileEndpoints,
  (s) => ({
    'fis/fi/uploadFile': async (input, ctx) => {
      // The space and group are checked before the body is looked at (a JSON body has no file part).
      return service.uploadSmall(s, ctx, input, SMALL_UPLOAD_MAX);
    },
    'fis/fi/getMyFileList': async (input, ctx) => service.listFiles(s, ctx, input),
    'gateway/file/getUploadUrl': async () => ({ base: '', path: FILE_UPLOAD_PATH, maxSize: RESUMABLE_UPLOAD_MAX }),
    'fis/fi/getDownloadUrl': async (input, ctx) => service.fileDownloadLink(s, ctx, input.fid),
    'fis/fi/renameFile': async (input, ctx) => {
      ctx.audit.target = input.fid;
      return service.renameFile(s, ctx, input);
    },
    'fis/fi/deleteFile': async (input, ctx) => {
      ctx.audit.target = input.fidList.join(',').slice(0, 200);
      return { deleted: await service.deleteFiles(s, ctx, input.fidList) };
    },
    'commonFile/getCommonFileInfo': async (input, ctx) => service.listCommonFiles(s, ctx, input),
    'commonFile/saveCommonFileInfo': async (input, ctx) => {
      const id = await service.saveCommonFile(s, ctx, input);
      ctx.audit.target = id;
      return { id };
    },
    'commonFile/updateCommonFileInfo': async (input, ctx) => {
      ctx.audit.target = input.id;
      return service.updateCommonFile(s, ctx, input);
    },
    'commonFile/deleteCommonFileInfo': async (input, ctx) => {
      ctx.audit.target = input.idList.join(',').slice(0, 200);
      return { deleted: await service.deleteCommonFiles(s, ctx, input.idList) };
    },
    'commonFile/getDownloadUrl': async (input, ctx) => service.commonFileDownloadLink(s, ctx, input.id),
  }),
  {
    // Group trees count their files, and a group holding some stays.
    contributes: [contribution(groupItemCounters, { kind: 'file', count: service.filesPerGroup })],
  },
);

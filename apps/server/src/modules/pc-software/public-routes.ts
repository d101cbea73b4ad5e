import { pcSoftwarePublicEndpoints } from '@keel/contract/endpoints/pc-software-public';
import { defineModule } from '../../platform/http/mount';
import { downloadInfo } from './download-info';
import { checkUpdate } from './update-check';

/**
 * What installed clients and visitors of the download page call (`softUpdate/`, public, no session): README
 * "For installed clients". The downloads, icons and the APT repository are mounted by http.ts.
 */
export const pcSoftwarePublicModule = defineModule(pcSoftwarePublicEndpoints, (s) => ({
  'softUpdate/checkUpdate': async (input, ctx) => checkUpdate(s, input, ctx),
  'softUpdate/getDownloadInfo': async (input) => downloadInfo(s, input.publicId),
}));

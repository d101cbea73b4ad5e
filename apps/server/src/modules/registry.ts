import type { ApiModule } from '../platform/http/mount';
import { appGroupModule } from './app-group/routes';
import { appReviewModule } from './app-review/routes';
import { appInstallModule } from './app-store/install-routes';
import { appPlatformModule } from './app-store/platform-routes';
import { appStoreModule } from './app-store/routes';
import { auditModule } from './audit/routes';
import { authModule } from './auth/routes';
import { commandModule } from './command/routes';
import { customerModule } from './customer/routes';
import { deviceModule } from './device/routes';
import { deviceActionModule } from './device-action/routes';
import { fileModule } from './file/routes';
import { firmwareModule } from './firmware/routes';
import { firmwareTaskModule } from './firmware-task/routes';
import { firmwareTempModule } from './firmware-temp/routes';
import { newsModule } from './news/routes';
import { orgModule } from './org/routes';
import { pcSoftwarePlatformModule } from './pc-software/back-routes';
import { pcSoftwarePublicModule } from './pc-software/public-routes';
import { pcSoftwareModule } from './pc-software/routes';
import { permissionModule } from './permission/routes';
import { propertyModule } from './property/routes';
import { deviceAuthModule } from './security-chain/device-auth-routes';
import { securityPoolModule } from './security-chain/pool-routes';
import { privilegedUserModule } from './security-chain/privileged-routes';
import { securityRecordModule } from './security-chain/record-routes';
import { securityChainModule } from './security-chain/routes';
import { securitySettingModule, securityTokenModule } from './security-chain/token-routes';
import { userAuthModule } from './security-chain/user-auth-routes';
import { signingModule } from './signing/routes';
import { spaceModule } from './space/routes';
import { titleModule } from './title/routes';
import { userModule } from './user/routes';
import { userSetModule } from './user-set/routes';
import { workflowModule } from './workflow/routes';

/** Every API module the server mounts. Add a module here and it is mounted, documented and counted. */
export const modules: readonly ApiModule[] = [
  authModule,
  propertyModule,
  permissionModule,
  newsModule,
  orgModule,
  userModule,
  titleModule,
  userSetModule,
  customerModule,
  auditModule,
  spaceModule,
  deviceModule,
  fileModule,
  workflowModule,
  firmwareModule,
  firmwareTaskModule,
  signingModule,
  firmwareTempModule,
  commandModule,
  deviceActionModule,
  appStoreModule,
  appInstallModule,
  appPlatformModule,
  appReviewModule,
  appGroupModule,
  securityChainModule,
  privilegedUserModule,
  securityRecordModule,
  securityPoolModule,
  userAuthModule,
  deviceAuthModule,
  securitySettingModule,
  securityTokenModule,
  pcSoftwareModule,
  pcSoftwarePlatformModule,
  pcSoftwarePublicModule,
];

/** The /api paths (without the prefix) the server mounts; tools/spec-coverage reads this. */
export const mountedPaths: readonly string[] = modules.flatMap((m) => Object.keys(m.endpoints));

import type { Endpoint } from '../endpoint';
import { appGroupEndpoints } from './app-group';
import { appInstallEndpoints } from './app-install';
import { appPlatformEndpoints } from './app-platform';
import { appReviewEndpoints } from './app-review';
import { appStoreEndpoints } from './app-store';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { commandEndpoints } from './command';
import { customerEndpoints } from './customer';
import { deviceBindEndpoints, deviceEndpoints } from './device';
import { deviceCatalogueEndpoints } from './device-catalogue';
import { fileEndpoints } from './file';
import { firmwareEndpoints } from './firmware';
import { firmwareTaskEndpoints } from './firmware-task';
import { firmwareTempEndpoints } from './firmware-temp';
import { newsEndpoints } from './news';
import { orgEndpoints } from './org';
import { pcSoftwareEndpoints, pcSoftwarePlatformEndpoints } from './pc-software';
import { pcSoftwarePublicEndpoints } from './pc-software-public';
import { permissionEndpoints } from './permission';
import { propertyEndpoints } from './property';
import { securityChainEndpoints } from './security-chain';
import { deviceAuthEndpoints } from './security-device-auth';
import { securityPoolEndpoints } from './security-pools';
import { privilegedUserEndpoints } from './security-privileged';
import { securityRecordEndpoints } from './security-records';
import { securitySettingEndpoints } from './security-settings';
import { securityTokenEndpoints } from './security-tokens';
import { userAuthEndpoints } from './security-user-auth';
import { signingEndpoints } from './signing';
import { spaceEndpoints } from './space';
import { titleEndpoints } from './title';
import { userEndpoints } from './user';
import { userSetEndpoints } from './user-set';
import { workflowEndpoints } from './workflow';

/** Every endpoint the product declares, keyed by path. One source of truth (architecture §4). */
export const endpoints = {
  ...authEndpoints,
  ...propertyEndpoints,
  ...permissionEndpoints,
  ...newsEndpoints,
  ...orgEndpoints,
  ...userEndpoints,
  ...titleEndpoints,
  ...userSetEndpoints,
  ...customerEndpoints,
  ...auditEndpoints,
  ...spaceEndpoints,
  ...deviceEndpoints,
  ...deviceBindEndpoints,
  ...deviceCatalogueEndpoints,
  ...fileEndpoints,
  ...workflowEndpoints,
  ...firmwareEndpoints,
  ...firmwareTaskEndpoints,
  ...signingEndpoints,
  ...firmwareTempEndpoints,
  ...commandEndpoints,
  ...appStoreEndpoints,
  ...appInstallEndpoints,
  ...appReviewEndpoints,
  ...appPlatformEndpoints,
  ...appGroupEndpoints,
  ...securityChainEndpoints,
  ...privilegedUserEndpoints,
  ...securityRecordEndpoints,
  ...securitySettingEndpoints,
  ...securityTokenEndpoints,
  ...userAuthEndpoints,
  ...securityPoolEndpoints,
  ...deviceAuthEndpoints,
  ...pcSoftwareEndpoints,
  ...pcSoftwarePlatformEndpoints,
  ...pcSoftwarePublicEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;

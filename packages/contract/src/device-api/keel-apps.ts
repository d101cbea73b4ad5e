import { z } from 'zod';
import { PACKAGE_NAME_PATTERN } from '../endpoints/app-store';
import { type DeviceApiEndpoint, ddiError, ddiParams } from './ddi';
import { menderError } from './mender';

/**
 * Keel's extension of the device API for the app store (apps/server/src/modules/app-store/README.md "Devices"): a
 * device lists the apps on the shelf that fit its model, downloads their APKs from the property's F-Droid repository
 * (the links the list gives) and reports the apps it has installed. Over hawkBit DDI (`TargetToken` /
 * `GatewayToken`, under the controller's URL: no poll link announces it, a device asks when it wants) and over Mender's
 * API (`Authorization: Bearer <device token>`): the same resource at two addresses. The list carries its ETag: send
 * it back as `If-None-Match` and an unchanged list answers 304.
 */

const link = z.object({ href: z.string() });

export const keelApp = z.object({
  appId: z.string(),
  packageName: z.string(),
  /** The listing's name in its first language. */
  name: z.string(),
  /** The name per listing language (`zh-cn`, `en`). */
  names: z.record(z.string(), z.string()),
  /** The newest version on the shelf fitting the device's model. */
  versionCode: z.number().int(),
  versionName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  minSdk: z.number().int(),
  /** The developer marked this version a forced update: install it without asking. */
  forceUpdate: z.boolean(),
  _links: z.object({ download: link }),
});
export type KeelApp = z.output<typeof keelApp>;

export const keelAppList = z.object({ apps: z.array(keelApp) });
export type KeelAppList = z.output<typeof keelAppList>;

/** Most apps one report names. */
export const INSTALLED_APPS_MAX = 2000;

/** What the device has installed now (the whole set: an app it no longer names was removed). */
export const installedAppsReport = z.object({
  apps: z
    .array(
      z.object({
        packageName: z.string().max(200).regex(PACKAGE_NAME_PATTERN),
        versionCode: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        versionName: z.string().max(128).optional(),
      }),
    )
    .max(INSTALLED_APPS_MAX),
});
export type InstalledAppsReport = z.output<typeof installedAppsReport>;

const listAnswers = (error: z.ZodType) => ({
  200: { description: "The apps on the shelf for the device's model (ETag)", schema: keelAppList },
  304: { description: 'Unchanged since the `If-None-Match` ETag', schema: null },
  401: { description: 'No valid device credential', schema: error },
  404: { description: "The device's property has no app store", schema: error },
  429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: error },
});

const reportAnswers = (error: z.ZodType) => ({
  200: { description: 'Recorded', schema: null },
  400: { description: 'The body is not a valid report (the reason in the error)', schema: error },
  401: { description: 'No valid device credential', schema: error },
  429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: error },
});

/** The resource over hawkBit DDI, under the controller's URL. */
export const keelAppDdiEndpoints = {
  keelApps: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}/keelApps',
    summary:
      "Keel extension: the apps on the shelf for the device's model, newest version each, with download links (F-Droid repository) and the forced-update flag",
    params: ddiParams,
    responses: listAnswers(ddiError),
  },
  keelAppsInstalled: {
    method: 'PUT',
    path: '/{tenant}/controller/v1/{controllerId}/keelApps/installed',
    summary: 'Keel extension: the apps the device has installed now (the whole set)',
    params: ddiParams,
    body: installedAppsReport,
    responses: reportAnswers(ddiError),
  },
} as const satisfies Record<string, DeviceApiEndpoint>;

/** The same resource over Mender's device API (a device token). */
export const keelAppMenderEndpoints = {
  menderKeelApps: {
    method: 'GET',
    path: '/api/devices/v1/keel/apps',
    summary: "Keel extension: the apps on the shelf for the device's model (as the DDI `keelApps`)",
    params: z.object({}),
    protocol: 'mender',
    responses: listAnswers(menderError),
  },
  menderKeelAppsInstalled: {
    method: 'PUT',
    path: '/api/devices/v1/keel/apps/installed',
    summary: 'Keel extension: the apps the device has installed now (the whole set)',
    params: z.object({}),
    protocol: 'mender',
    body: installedAppsReport,
    responses: reportAnswers(menderError),
  },
} as const satisfies Record<string, DeviceApiEndpoint>;

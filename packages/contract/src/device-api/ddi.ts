import { z } from 'zod';
import { DEVICE_ID_PATTERN } from '../endpoints/device-common';

/**
 * The device API, hawkBit's Direct Device Integration (DDI) v1: what SWUpdate's suricatta, RAUC's hawkbit updater,
 * Zephyr and others speak. Its own declarations, not the console's: path parameters, PUT, real HTTP statuses and
 * hawkBit's own JSON (no envelope). `tenant` is the property number, `controllerId` the device id. Devices
 * authenticate with `Authorization: TargetToken <the device's credential>` or `GatewayToken <the property's
 * enrolment key>` (an unknown device then enrols itself and waits for admission).
 *
 * A poll carries the polling interval, the configData link while the server wants the device's attributes, and
 * the deploymentBase link while an update waits (deployments: ddi-deployment.ts).
 */

export interface DeviceApiEndpoint {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH';
  /** OpenAPI form, `{name}` for path parameters. */
  path: string;
  summary: string;
  params: z.ZodType;
  body?: z.ZodType;
  /** Answers by HTTP status: a schema for a JSON body, null for none. */
  responses: Record<number, { description: string; schema: z.ZodType | null }>;
  /** The protocol, for the OpenAPI document (its tag, how a device authenticates); hawkBit DDI when absent. */
  protocol?: 'ddi' | 'mender';
  /** The body's media type when it is not JSON (Mender's token: `application/jwt`). */
  responseType?: string;
}

export const ddiParams = z.object({
  tenant: z.string().min(1).max(64),
  controllerId: z.string().regex(DEVICE_ID_PATTERN),
});

const link = z.object({ href: z.string() });

/** `GET /{tenant}/controller/v1/{controllerId}`: hawkBit's DdiControllerBase. */
export const ddiControllerBase = z.object({
  config: z.object({
    polling: z.object({
      /** The time the device should wait before its next poll, "HH:MM:SS". */
      sleep: z.string().regex(/^\d{2,}:\d{2}:\d{2}$/),
    }),
  }),
  _links: z
    .object({
      /** Present while the server wants the device's attributes (until it has reported them). */
      configData: link.optional(),
      /**
       * Keel extension (hawkBit clients ignore it): present while commands wait for the device; GET it for them
       * (`keelCommandEndpoints`, device-api/keel-commands.ts).
       */
      keelCommands: link.optional(),
      /** Present while the device has an update to install (ddi-deployment.ts). */
      deploymentBase: link.optional(),
      /**
       * Present while an update the device may hold was cancelled and the device has not answered (instead of
       * `deploymentBase`, which follows once it has).
       */
      cancelAction: link.optional(),
      /** Present once the device has installed an update: its last one (ddi-deployment.ts `installedBase`). */
      installedBase: link.optional(),
    })
    .optional(),
});
export type DdiControllerBase = z.output<typeof ddiControllerBase>;

/** Most attributes a device may report, and their sizes (hawkBit keeps keys to 128 characters). */
export const DDI_ATTRIBUTES_MAX = 200;
export const DDI_ATTRIBUTE_KEY_MAX = 128;
export const DDI_ATTRIBUTE_VALUE_MAX = 512;

/**
 * `PUT …/configData`: hawkBit's DdiConfigData. `mode` merge (default), replace or remove. SWUpdate also sends
 * `id`, `time` and `status` (older DDI); they are accepted and ignored.
 */
export const ddiConfigData = z.object({
  mode: z.enum(['merge', 'replace', 'remove']).optional(),
  data: z
    .record(z.string().min(1).max(DDI_ATTRIBUTE_KEY_MAX), z.string().max(DDI_ATTRIBUTE_VALUE_MAX))
    .refine((d) => Object.keys(d).length <= DDI_ATTRIBUTES_MAX, `at most ${DDI_ATTRIBUTES_MAX} attributes`),
  id: z.unknown().optional(),
  time: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type DdiConfigData = z.output<typeof ddiConfigData>;

/** hawkBit's error body (ExceptionInfo). */
export const ddiError = z.object({
  exceptionClass: z.string(),
  errorCode: z.string(),
  message: z.string(),
});
export type DdiError = z.output<typeof ddiError>;

const refused = {
  401: { description: 'No valid credential for this tenant and controller', schema: ddiError },
  403: { description: 'The device was rejected by an administrator', schema: ddiError },
  429: { description: 'Polling faster than allowed; `Retry-After` says when to come back', schema: ddiError },
};

export const ddiEndpoints = {
  poll: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}',
    summary:
      'Poll: the polling interval and what the device should do (nothing, until deployments arrive). Records when the device was last seen',
    params: ddiParams,
    responses: { 200: { description: 'The controller base', schema: ddiControllerBase }, ...refused },
  },
  configData: {
    method: 'PUT',
    path: '/{tenant}/controller/v1/{controllerId}/configData',
    summary: "Report the device's attributes (merge, replace or remove); they show on its detail page",
    params: ddiParams,
    body: ddiConfigData,
    responses: {
      200: { description: 'Stored', schema: null },
      400: { description: 'The body is not a valid configData', schema: ddiError },
      ...refused,
    },
  },
} as const satisfies Record<string, DeviceApiEndpoint>;

import { z } from 'zod';
import type { DeviceApiEndpoint } from './ddi';

/**
 * The device API, Mender's device endpoints (`/api/devices/v1/…`): what Debian's `mender-client` speaks. Its own
 * declarations, like hawkBit DDI's: real HTTP statuses, Mender's own JSON (`{"error": …}`), no console envelope.
 *
 * A device authenticates with an auth request signed by its own key (`X-MEN-Signature`: base64 of an RSA PKCS#1
 * v1.5 SHA-256 signature — or Ed25519 — over the exact body, checked against the public key in the body). Its
 * tenant token (in the body or as `Authorization: Bearer …`) is the property's enrolment key (an unknown device
 * then enrols itself and waits for admission) or the device's own credential from `di/registerDevice` (the device
 * is then accepted at once). Once accepted, the answer is the device token, a JWT, which the other calls carry as
 * `Authorization: Bearer <JWT>`.
 *
 * The update check (`deployments/next`) answers the deployment the firmware side offers the device, else 204
 * (nothing to do).
 */

/** Most attributes, and their sizes, as for hawkBit's configData (they land in the same place). */
export const MENDER_ATTRIBUTES_MAX = 200;
export const MENDER_ATTRIBUTE_NAME_MAX = 128;
export const MENDER_ATTRIBUTE_VALUE_MAX = 512;

const noParams = z.object({});

/** `POST /api/devices/v1/authentication/auth_requests`: Mender's AuthReqData. */
export const menderAuthRequest = z.object({
  /** The device's identity: a JSON object (as text) of the identity script's `key=value` lines. */
  id_data: z.string().min(2).max(4096),
  /** The device's public key, PEM (SubjectPublicKeyInfo). */
  pubkey: z.string().min(1).max(8192),
  /** The property's enrolment key or the device's own credential (may come as `Authorization: Bearer` instead). */
  tenant_token: z.string().max(200).optional(),
});
export type MenderAuthRequest = z.output<typeof menderAuthRequest>;

/** An attribute's value: Mender sends texts, numbers and lists of texts (several network addresses). */
const attributeValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number(), z.boolean()])).max(64),
]);

/** `PUT|PATCH /api/devices/v1/inventory/device/attributes`: a list of `{ name, value }`. */
export const menderInventory = z
  .array(
    z.object({
      name: z.string().min(1).max(MENDER_ATTRIBUTE_NAME_MAX),
      value: attributeValue,
      description: z.string().optional(),
    }),
  )
  .max(MENDER_ATTRIBUTES_MAX);
export type MenderInventory = z.output<typeof menderInventory>;

/** Mender's error body. */
export const menderError = z.object({ error: z.string(), request_id: z.string().optional() });
export type MenderError = z.output<typeof menderError>;

const refused = {
  401: {
    description: 'No valid device token (unknown, expired, revoked, or the device is not accepted)',
    schema: menderError,
  },
  429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: menderError },
};

const nothingToDo = { description: 'No deployment for the device', schema: null };

/** The update check's answer: a deployment of a `.mender` artifact fitting the device type. */
export const menderDeployment = z.object({
  id: z.string(),
  artifact: z.object({
    artifact_name: z.string(),
    source: z.object({ uri: z.string(), expire: z.string() }),
    device_types_compatible: z.array(z.string()),
  }),
  /**
   * Keel's addition (Mender clients ignore it): the artifact's size and SHA-256 and, for a formal task, the
   * package's signed manifest, which the device simulator checks before installing.
   */
  keel: z
    .object({
      size: z.number().int(),
      sha256: z.string(),
      manifest: z.string().optional(),
      signature: z.string().optional(),
    })
    .optional(),
});
export type MenderDeployment = z.output<typeof menderDeployment>;
const deploymentAnswer = { 200: { description: 'The deployment to install', schema: menderDeployment } };

export const MENDER_DEPLOYMENT_STATUSES = [
  'downloading',
  'pause_before_installing',
  'installing',
  'pause_before_rebooting',
  'rebooting',
  'pause_before_committing',
  'success',
  'failure',
  'already-installed',
] as const;
export const menderDeploymentStatus = z.object({
  status: z.enum(MENDER_DEPLOYMENT_STATUSES),
  substate: z.string().max(500).optional(),
});
export const menderDeploymentLog = z.object({
  messages: z
    .array(z.object({ timestamp: z.string().optional(), level: z.string().optional(), message: z.string() }))
    .max(100_000),
});
const deploymentParams = z.object({ id: z.string().min(1).max(80) });
const noDeployment = { 404: { description: 'No such deployment for this device', schema: menderError } };

export const menderEndpoints = {
  authRequest: {
    method: 'POST',
    path: '/api/devices/v1/authentication/auth_requests',
    summary:
      "Authenticate: a signed auth request. An unknown device enrols itself, pending; once an administrator accepts it the answer is the device's token (a JWT, the raw body)",
    params: noParams,
    body: menderAuthRequest,
    protocol: 'mender',
    responseType: 'application/jwt',
    responses: {
      200: { description: 'The device token (JWT) as the raw body', schema: z.string() },
      400: { description: 'The body is not a valid auth request', schema: menderError },
      401: {
        description:
          'Bad signature or tenant token, the device is pending or rejected, its identity belongs elsewhere, or it presents another key',
        schema: menderError,
      },
      429: refused[429],
    },
  },
  inventoryPatch: {
    method: 'PATCH',
    path: '/api/devices/v1/inventory/device/attributes',
    summary: "Report inventory attributes, merged into the device's reported attributes (shown on its detail page)",
    params: noParams,
    body: menderInventory,
    protocol: 'mender',
    responses: {
      200: { description: 'Stored', schema: null },
      400: { description: 'The body is not a valid attribute list', schema: menderError },
      ...refused,
    },
  },
  inventoryPut: {
    method: 'PUT',
    path: '/api/devices/v1/inventory/device/attributes',
    summary: "Report the device's whole inventory: it replaces the reported attributes (Mender's semantics)",
    params: noParams,
    body: menderInventory,
    protocol: 'mender',
    responses: {
      200: { description: 'Stored (mender-client takes 204 as an error)', schema: null },
      400: { description: 'The body is not a valid attribute list', schema: menderError },
      ...refused,
    },
  },
  nextDeployment: {
    method: 'GET',
    path: '/api/devices/v1/deployments/device/deployments/next',
    summary: 'Update check (`device_type`, `artifact_name` in the query). Records when the device was last seen',
    params: noParams,
    protocol: 'mender',
    responses: { ...deploymentAnswer, 204: nothingToDo, ...refused },
  },
  nextDeploymentPost: {
    method: 'POST',
    path: '/api/devices/v1/deployments/device/deployments/next',
    summary: "Update check with the device's `device_provides` in the body (what mender-client tries first after v2)",
    params: noParams,
    protocol: 'mender',
    responses: { ...deploymentAnswer, 204: nothingToDo, ...refused },
  },
  nextDeploymentV2: {
    method: 'POST',
    path: '/api/devices/v2/deployments/device/deployments/next',
    summary: 'Update check, v2 (what mender-client 3.x tries first)',
    params: noParams,
    protocol: 'mender',
    responses: { ...deploymentAnswer, 204: nothingToDo, ...refused },
  },
  deploymentStatus: {
    method: 'PUT',
    path: '/api/devices/v1/deployments/device/deployments/{id}/status',
    summary:
      "The device's progress on a deployment: downloading, installing, rebooting, success, failure, already-installed",
    params: deploymentParams,
    body: menderDeploymentStatus,
    protocol: 'mender',
    responses: {
      204: { description: 'Recorded (also for a deployment that has ended meanwhile)', schema: null },
      400: { description: 'The body is not a valid status', schema: menderError },
      ...noDeployment,
      ...refused,
    },
  },
  deploymentLog: {
    method: 'PUT',
    path: '/api/devices/v1/deployments/device/deployments/{id}/log',
    summary: "The deployment's log (after a failure); its tail is kept with the attempt",
    params: deploymentParams,
    body: menderDeploymentLog,
    protocol: 'mender',
    responses: {
      204: { description: 'Stored', schema: null },
      400: { description: 'The body is not a valid log', schema: menderError },
      ...noDeployment,
      ...refused,
    },
  },
  deploymentDownload: {
    method: 'GET',
    path: '/api/devices/v1/deployments/download/{pno}/{deviceId}/{id}/{expires}/{sig}/{fileName}',
    summary: "A deployment's artifact, by the signed expiring link the update check answered (no device token)",
    params: z.object({
      pno: z.string(),
      deviceId: z.string(),
      id: z.string(),
      expires: z.string(),
      sig: z.string(),
      fileName: z.string(),
    }),
    protocol: 'mender',
    responseType: 'application/octet-stream',
    responses: {
      200: { description: 'The bytes (one Range answers 206)', schema: null },
      404: { description: 'No such download, or the link has expired', schema: menderError },
    },
  },
} as const satisfies Record<string, DeviceApiEndpoint>;

import type { DeviceApiEndpoint } from '@keel/contract/device-api/ddi';
import type { Endpoint } from '@keel/contract/endpoint';
import { envelopeSchema } from '@keel/contract/envelope';
import { z } from 'zod';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io }) as Record<string, unknown>;

/** How each device protocol is shown: its tag, how a device authenticates, and what it answers. */
const DEVICE_PROTOCOLS = {
  ddi: {
    tag: 'device API (hawkBit DDI)',
    description:
      'Authorization: `TargetToken <device credential>` or `GatewayToken <property enrolment key>`. Not the console envelope: HTTP statuses and hawkBit JSON.',
    security: [{ targetToken: [] }, { gatewayToken: [] }],
  },
  mender: {
    tag: 'device API (Mender)',
    description:
      "Authorization: `Bearer <device token>` (the JWT of an accepted auth request). Not the console envelope: HTTP statuses and Mender's JSON.",
    security: [{ menderDeviceToken: [] }],
  },
} as const;

/** A POST's body: JSON, or for an endpoint taking a file, `multipart/form-data` with the part `file`. */
function requestBodyOf(def: Endpoint, input: Record<string, unknown>) {
  if (!def.upload) return { content: { 'application/json': { schema: input } } };
  return {
    required: true,
    description: `One part \`file\` of at most ${def.upload.maxBytes} bytes; the input fields go in the query string`,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
      },
    },
  };
}

/**
 * The OpenAPI 3 document of every mounted endpoint, generated from the contract (architecture §4): the console API and,
 * next to it, the device API (its own paths, statuses and JSON).
 */
export function openApiDocument(
  endpoints: Record<string, Endpoint>,
  deviceApi: Record<string, DeviceApiEndpoint> = {},
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, def] of Object.entries(endpoints)) {
    const input = jsonSchema(def.input, 'input');
    const properties = (input.properties ?? {}) as Record<string, unknown>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    const byAccessToken = def.access.kind === 'property' && def.access.credential === 'accessToken';
    const security =
      def.access.kind === 'public'
        ? []
        : def.access.kind === 'device'
          ? [{ deviceToken: [] }]
          : byAccessToken
            ? [{ accessToken: [] }]
            : [{ token: [] }];
    const headers =
      def.access.kind === 'property' && !byAccessToken
        ? [{ name: 'pno', in: 'header', required: !def.access.orPlatform, schema: { type: 'string' } }]
        : [];
    paths[`/api/${path}`] = {
      [def.method.toLowerCase()]: {
        summary: def.summary,
        tags: [path.split('/')[0]],
        description: [
          `Access: ${def.access.kind}${'permission' in def.access && def.access.permission ? ` (${[def.access.permission].flat().join(' or ')})` : ''}`,
          def.ours ? 'Not shown in the spec: ours.' : '',
          def.description ?? '',
        ]
          .filter(Boolean)
          .join('. '),
        security,
        parameters: [
          ...headers,
          // A file's call sends its input fields in the query string too.
          ...(def.method === 'GET' || def.upload
            ? Object.entries(properties).map(([name, schema]) => ({
                name,
                in: 'query',
                required: required.has(name),
                schema,
              }))
            : []),
        ],
        ...(def.method === 'POST' ? { requestBody: requestBodyOf(def, input) } : {}),
        responses: {
          200: {
            description: 'Envelope: status 0 with data, or a catalogue status with a translated msg',
            content: { 'application/json': { schema: jsonSchema(envelopeSchema(def.output), 'output') } },
          },
        },
      },
    };
  }
  for (const def of Object.values(deviceApi)) {
    const params = jsonSchema(def.params, 'input');
    const properties = (params.properties ?? {}) as Record<string, unknown>;
    const protocol = DEVICE_PROTOCOLS[def.protocol ?? 'ddi'];
    paths[def.path] = {
      ...paths[def.path],
      [def.method.toLowerCase()]: {
        summary: def.summary,
        tags: [protocol.tag],
        description: protocol.description,
        security: def.path.endsWith('/auth_requests') ? [{ menderSignature: [] }] : protocol.security,
        parameters: Object.entries(properties).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
        ...(def.body
          ? { requestBody: { content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } } }
          : {}),
        responses: Object.fromEntries(
          Object.entries(def.responses).map(([status, r]) => [
            status,
            {
              description: r.description,
              ...(r.schema
                ? { content: { [def.responseType ?? 'application/json']: { schema: jsonSchema(r.schema, 'output') } } }
                : {}),
            },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Keel console API', version: '1' },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        deviceToken: { type: 'apiKey', in: 'header', name: 'device-token' },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          description: "A member's personal access token (`pat/addToken`); it names its property, so no `pno`",
        },
        targetToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`TargetToken <the device credential di/registerDevice issued>`',
        },
        gatewayToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`GatewayToken <the property enrolment key>`',
        },
        menderDeviceToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The device token an accepted auth request answered',
        },
        menderSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-MEN-Signature',
          description: 'Base64 RSA PKCS#1 v1.5 SHA-256 (or Ed25519) signature of the exact body by the key in it',
        },
      },
    },
    paths,
  };
}

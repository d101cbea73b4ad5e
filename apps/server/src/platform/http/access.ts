import type { IncomingHttpHeaders } from 'node:http';
import type { Access, Endpoint } from '@keel/contract/endpoint';
import { DEVICE_BUSINESS } from '@keel/contract/endpoints/device-common';
import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import { resolveAccessToken } from '../auth/access-tokens';
import { hasBusiness } from '../auth/businesses';
import { loadPropertyContext } from '../auth/property-context';
import type { Services } from '../services';
import type { PropertyContext, RequestContext, SessionUser } from './context';
import { AppError, forbidden, notFound } from './errors';

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const scopeOf = new Map(permissionCatalogue.map((n) => [n.id, n.scope]));

/**
 * The platform (back-office) permissions a user holds: every `scope: 'platform'` node of the catalogue for an
 * operator (there are no operator roles yet), none for anyone else.
 */
const operatorPermissions: ReadonlySet<string> = new Set(
  permissionCatalogue.filter((n) => n.scope === 'platform').map((n) => n.id),
);
const platformPermissionsOf = (user: SessionUser): ReadonlySet<string> =>
  user.isOperator ? operatorPermissions : new Set();

/**
 * Refuses, when the server mounts an endpoint, a declared permission that is not a catalogue id of the access
 * kind's scope (a property id on a platform endpoint or the reverse, or a typo that would lock everyone out).
 */
export function checkDeclaredAccess(def: Endpoint): void {
  const access = def.access;
  if (access.kind !== 'property' && access.kind !== 'platform') return;
  for (const id of [access.permission ?? []].flat()) {
    if (scopeOf.get(id) !== access.kind) {
      throw new Error(`${def.path}: permission ${id} is not a ${access.kind} permission of the catalogue`);
    }
  }
}

/**
 * Enforces an endpoint's declared access (architecture §4–5) and fills the context: the user from `token` (or, where the
 * endpoint takes one, a personal access token), the property from `pno` (or the token's), the device from
 * `device-token`. A property the user is not a member of is "not found"; one without the endpoint's business
 * `businessDisabled` (businesses.ts: the same rule for every credential).
 */
export async function authorize(s: Services, access: Access, headers: IncomingHttpHeaders, ctx: RequestContext) {
  if (access.kind === 'public') {
    return;
  }
  if (access.kind === 'device') {
    const device = await s.deviceCredentials.resolve(header(headers, 'device-token'));
    if (!device) throw new AppError('deviceCredentialInvalid');
    if (!hasBusiness(await s.businesses.enabled(device.property.pno), DEVICE_BUSINESS)) {
      throw new AppError('businessDisabled');
    }
    ctx.device = device;
    return;
  }
  if (access.kind === 'property' && access.credential === 'accessToken') {
    const holder = await resolveAccessToken(s.db, header(headers, 'authorization'), s.now());
    if (!holder) throw new AppError('accessTokenInvalid');
    ctx.user = holder.user;
    ctx.accessToken = { tokenId: holder.tokenId };
    // A token whose holder left the property is no token any more.
    const property = await loadPropertyContext(s.db, holder.user.uid, holder.pno);
    if (!property) throw new AppError('accessTokenInvalid');
    ctx.property = checkProperty(property, access);
    return;
  }
  const user = await s.sessions.resolve(header(headers, 'token'));
  if (!user) throw new AppError('sessionExpired');
  ctx.user = user;

  if (access.kind === 'platform') {
    if (!user.isOperator) throw forbidden();
    if (access.permission && !platformPermissionsOf(user).has(access.permission)) throw forbidden();
    return;
  }
  if (access.kind === 'user') return;

  const pno = header(headers, 'pno')?.trim();
  if (!pno && access.orPlatform && user.isOperator) return;
  ctx.property = await memberProperty(s, user, pno, access);
}

/**
 * The property a signed-in user works in, named by `pno`, for an access of kind `property`: they are its member, the
 * business is enabled there, the permission held. Also the check of a request that names its property elsewhere than
 * the `pno` header (a tus upload's metadata), so that there is one.
 */
export async function memberProperty(
  s: Services,
  user: SessionUser,
  pno: string | null | undefined,
  access: Extract<Access, { kind: 'property' }>,
): Promise<PropertyContext> {
  if (!pno) throw new AppError('propertyRequired');
  const property = await loadPropertyContext(s.db, user.uid, pno);
  if (!property) throw notFound('pno');
  return checkProperty(property, access);
}

/** A member's call in their property: the endpoint's business enabled there, its permission held. */
function checkProperty(property: PropertyContext, access: Extract<Access, { kind: 'property' }>): PropertyContext {
  if (!hasBusiness(property.businesses, access.business)) throw new AppError('businessDisabled');
  if (access.permission && !holdsAny(property.permissions, access.permission)) throw forbidden();
  return property;
}

/** Whether `held` has the permission, or any one of a list of them. */
function holdsAny(held: ReadonlySet<string>, required: string | readonly string[]): boolean {
  return typeof required === 'string' ? held.has(required) : required.some((id) => held.has(id));
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Access, Endpoint } from '@keel/contract/endpoint';
import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import { loadPropertyContext } from '../auth/property-context';
import type { Services } from '../services';
import type { RequestContext, SessionUser } from './context';
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
 * Enforces an endpoint's declared access (DESIGN §4–5) and fills the context: the user from `token`, the
 * property from `pno`, the device from `device-token`. A property the user is not a member of is "not found".
 */
export async function authorize(s: Services, access: Access, headers: IncomingHttpHeaders, ctx: RequestContext) {
  if (access.kind === 'public') {
    return;
  }
  if (access.kind === 'device') {
    const device = await s.deviceCredentials.resolve(header(headers, 'device-token'));
    if (!device) throw new AppError('deviceCredentialInvalid');
    ctx.device = device;
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
  if (!pno) {
    if (access.orPlatform && user.isOperator) return;
    throw new AppError('propertyRequired');
  }
  const property = await loadPropertyContext(s.db, user.uid, pno);
  if (!property) throw notFound('pno');
  if (access.business && !property.businesses.includes(access.business)) throw new AppError('businessDisabled');
  if (access.permission && !holdsAny(property.permissions, access.permission)) throw forbidden();
  ctx.property = property;
}

/** Whether `held` has the permission, or any one of a list of them. */
function holdsAny(held: ReadonlySet<string>, required: string | readonly string[]): boolean {
  return typeof required === 'string' ? held.has(required) : required.some((id) => held.has(id));
}

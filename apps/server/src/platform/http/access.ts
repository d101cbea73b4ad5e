import type { IncomingHttpHeaders } from 'node:http';
import type { Access } from '@keel/contract/endpoint';
import { loadPropertyContext } from '../auth/property-context';
import type { Services } from '../services';
import type { RequestContext } from './context';
import { AppError, forbidden, notFound } from './errors';

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Enforces an endpoint's declared access (DESIGN §4–5) and fills the context: the user from `token`, the
 * property from `pno`. A property the user is not a member of is "not found".
 */
export async function authorize(s: Services, access: Access, headers: IncomingHttpHeaders, ctx: RequestContext) {
  if (access.kind === 'public') {
    return;
  }
  const user = await s.sessions.resolve(header(headers, 'token'));
  if (!user) throw new AppError('sessionExpired');
  ctx.user = user;

  if (access.kind === 'platform') {
    if (!user.isOperator) throw forbidden();
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

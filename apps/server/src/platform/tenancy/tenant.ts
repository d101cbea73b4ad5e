import type { RequestContext } from '../http/context';
import { AppError, forbidden } from '../http/errors';

/**
 * Tenant handles (architecture §5). Repositories of tenant-owned tables take one of these instead of a `pno` that
 * could be missing: a `Tenant` is one property and its `pno` is never null; `AllTenants` spans every property
 * and is only handed out by `operatorScope`, after the check that the caller is a platform operator. Neither can
 * be built any other way (the brand is private to this file).
 */
declare const brand: unique symbol;

export interface Tenant {
  readonly [brand]: 'property';
  readonly pno: string;
}

export interface AllTenants {
  readonly [brand]: 'all';
  readonly pno: null;
}

/** What a repository reading across properties takes: one property, or (operators only) all of them. */
export type TenantScope = Tenant | AllTenants;

const one = (pno: string): Tenant => {
  if (!pno) throw new Error('a tenant handle needs a pno');
  return Object.freeze({ pno }) as Tenant;
};

/** The request's selected property (the `pno` header, checked by access). Without one: `propertyRequired`. */
export function tenantOf(ctx: Pick<RequestContext, 'property'>): Tenant {
  if (!ctx.property) throw new AppError('propertyRequired');
  return one(ctx.property.pno);
}

/**
 * A property the server itself resolved (an invitation's property, a property the operator named and the
 * server found, a property just created). Never build it from an unchecked input.
 */
export function propertyTenant(pno: string): Tenant {
  return one(pno);
}

/** Every property: only for a platform operator; anyone else is refused. */
export function operatorScope(ctx: Pick<RequestContext, 'user'>): AllTenants {
  if (!ctx.user?.isOperator) throw forbidden();
  return Object.freeze({ pno: null }) as AllTenants;
}

/** An operator's back-office view: one property when the list is filtered by one, otherwise all. */
export function operatorView(ctx: Pick<RequestContext, 'user'>, filterPno: string | undefined): TenantScope {
  const all = operatorScope(ctx);
  return filterPno ? one(filterPno) : all;
}

export const isAllTenants = (t: TenantScope): t is AllTenants => t.pno === null;

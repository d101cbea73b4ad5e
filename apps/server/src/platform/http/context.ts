import type { Locale } from '@keel/contract/status';
import type { Grant, PropertyRole, Scope } from '../permissions/effective';
import { invalidInput } from './errors';
import type { IncomingUpload } from './multipart';

export interface SessionUser {
  uid: string;
  name: string;
  phone: string;
  email: string | null;
  isOperator: boolean;
  tokenHash: string;
}

export interface PropertyContext {
  pno: string;
  name: string;
  isCustomer: boolean;
  role: PropertyRole;
  /** Businesses authorised by the platform and not switched off by the property. */
  businesses: readonly string[];
  /** The member's effective permission ids in this property (the menu-id list). */
  permissions: ReadonlySet<string>;
  /** An administrator's permission sets with their scopes (empty for the owner and ordinary members). */
  grants: readonly Grant[];
  /**
   * Where the member may use a permission: `{ orgs: null, spaces: null }` is the whole property (the owner, or
   * an unlimited assignment); otherwise the organisation subtrees / spaces the assignments name.
   */
  scopeOf(permission: string): Scope;
}

/** The caller of a `device` endpoint: the device its credential names, and the device's property. */
export interface DeviceContext {
  deviceId: string;
  name: string;
  property: { pno: string; name: string };
}

/** What every handler gets besides its input (architecture §5: repos take the request context). */
export interface RequestContext {
  requestId: string;
  locale: Locale;
  ip: string;
  /** Set on every access kind but `public` and `device`. */
  user: SessionUser | null;
  /** Set on `property` endpoints. */
  property: PropertyContext | null;
  /** Set on `device` endpoints. */
  device: DeviceContext | null;
  /** Set when the caller presented a personal access token instead of a session (`credential: 'accessToken'`). */
  accessToken?: { tokenId: string };
  /** Handlers fill these for the audit record. */
  audit: { actorUid?: string; target?: string };
  /** The file of a call sent as `multipart/form-data`, on endpoints declaring `upload` (platform/http/multipart.ts). */
  upload?: IncomingUpload;
}

export function requireUser(ctx: RequestContext): SessionUser {
  if (!ctx.user) throw new Error('handler needs a user: declare access user/property/platform');
  return ctx.user;
}

export function requireProperty(ctx: RequestContext): PropertyContext {
  if (!ctx.property) throw new Error('handler needs a property: declare access property');
  return ctx.property;
}

/** The call's file; a call without one (JSON, or no file part) is an input error naming `file`. */
export function requireUpload(ctx: RequestContext): IncomingUpload {
  if (!ctx.upload) throw invalidInput('file');
  return ctx.upload;
}

export function requireDevice(ctx: RequestContext): DeviceContext {
  if (!ctx.device) throw new Error('handler needs a device: declare access device');
  return ctx.device;
}

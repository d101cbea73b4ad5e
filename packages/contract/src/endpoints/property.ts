import { z } from 'zod';
import { BUSINESSES } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, id, int, pageOf, pageQuery } from '../envelope';
import { phoneNum, propertySummary } from './auth';

/**
 * Properties (tenants) and their businesses. Operators create properties and authorise businesses (back office);
 * the property's owner and administrators edit it and switch authorised businesses off and on.
 * Model: apps/server/src/modules/property/README.md.
 */

export const PROPERTY_PERMISSIONS = {
  view: 'account.property',
  edit: 'account.property.edit',
  business: 'account.property.business',
} as const;

export const PROPERTY_NAME_MAX = 50;

export const business = () => z.enum(BUSINESSES);
/** Distinct businesses. */
export const businessList = () =>
  z
    .array(business())
    .max(BUSINESSES.length * 2)
    .transform((list) => [...new Set(list)]);
const propertyName = () => z.string().trim().min(1).max(PROPERTY_NAME_MAX);
/** An optional id arriving as a query string, where an empty text means "none". */
const optionalId = () =>
  z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined);

/** A business authorised for a property; `disabled` when the property has switched it off itself. */
export const propertyBusiness = z.object({
  business: business(),
  disabled: flag(),
  authoriseTime: z.number().int(),
});

/** One business of the catalogue as it stands for a property. */
export const businessStatus = z.object({
  business: business(),
  /** Authorised by the platform. */
  authorised: flag(),
  /** Switched off by the property (only meaningful when authorised). */
  disabled: flag(),
  authoriseTime: z.number().int().nullable(),
});
export type BusinessStatus = z.output<typeof businessStatus>;

/** A property as the back office lists it. */
export const propertyItem = z.object({
  pno: z.string(),
  name: z.string(),
  isCustomer: flag(),
  ownerUid: z.string(),
  ownerName: z.string(),
  ownerPhoneNum: z.string(),
  memberCount: z.number().int(),
  businessList: z.array(propertyBusiness),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type PropertyItem = z.output<typeof propertyItem>;

export const propertyEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'pro/getMyPropertyList',
    summary: 'The properties the signed-in user belongs to',
    access: { kind: 'user' },
    input: z.object({}),
    output: z.array(propertySummary),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pro/getMenuIdList',
    ours: true,
    summary: "The current user's effective menu ids in the selected property (SPEC §7: path not shown)",
    access: { kind: 'property' },
    input: z.object({}),
    output: z.object({ menuIdList: z.array(z.string()) }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pro/getAllPropertyList',
    summary:
      'Every property (operators), newest first; `str` searches name and number, `filterUid` the properties a user belongs to',
    access: { kind: 'platform', permission: 'back.properties' },
    input: pageQuery().extend({
      str: z.string().trim().max(100).optional(),
      /** -1 all (default), 0 ordinary properties, 1 customers. */
      isCustomer: int()
        .pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)]))
        .default(-1),
      filterUid: optionalId(),
      business: z
        .union([z.literal(''), business()])
        .optional()
        .transform((v) => v || undefined),
    }),
    output: pageOf(propertyItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pro/addProperty',
    summary:
      'Create a property (operators) with its owner (an existing account, by uid or phone) and authorised businesses',
    access: { kind: 'platform', permission: 'back.properties' },
    input: z
      .object({
        name: propertyName(),
        isCustomer: flag().default(0),
        ownerUid: id().optional(),
        ownerPhoneNum: phoneNum().optional(),
        businessList: businessList().default([]),
      })
      .refine((v) => (v.ownerUid === undefined) !== (v.ownerPhoneNum === undefined), {
        message: 'ownerUid or ownerPhoneNum',
        path: ['ownerUid'],
      }),
    output: z.object({ pno: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pro/updateProperty',
    summary:
      'Rename a property, transfer it to another member (its owner) or change its customer flag (operators only); operators without `pno` name the property in the body',
    access: { kind: 'property', permission: PROPERTY_PERMISSIONS.edit, orPlatform: true },
    input: z
      .object({
        pno: optionalId(),
        name: propertyName().optional(),
        isCustomer: flag().optional(),
        ownerUid: id().optional(),
      })
      .refine((v) => v.name !== undefined || v.isCustomer !== undefined || v.ownerUid !== undefined, {
        message: 'name, isCustomer or ownerUid',
        path: ['name'],
      }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pro/getBusinessStatusList',
    summary:
      'Every business with whether it is authorised for the property and switched off; operators without `pno` name it by `pno` in the query',
    access: { kind: 'property', permission: PROPERTY_PERMISSIONS.view, orPlatform: true },
    input: z.object({ pno: optionalId() }),
    output: z.array(businessStatus),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pro/setBusinessDisable',
    summary:
      "Switch one of the property's authorised businesses off (`disabled` 1) or on again; its menus and calls follow at once",
    access: { kind: 'property', permission: PROPERTY_PERMISSIONS.business },
    input: z.object({ business: business(), disabled: flag() }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pro/authPropertyBusiness',
    summary:
      'Set the businesses the platform authorises for a property (operators): the list replaces the old one; kept ones keep their on/off state',
    access: { kind: 'platform', permission: 'back.businessGrant' },
    input: z.object({ pno: id(), businessList: businessList() }),
    output: z.object({ added: z.array(business()), removed: z.array(business()) }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'bn/getMyPropertyBusinessList',
    summary: 'The businesses authorised for the selected property, with whether the property switched each off',
    access: { kind: 'property' },
    input: z.object({}),
    output: z.array(propertyBusiness),
  }),
);

import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { APP_STORE_PERMISSIONS } from './app-store';
import { DEVICE_BUSINESS, osType, DEVICE_PERMISSIONS as P } from './device-common';
import { searchText } from './member-group';

/**
 * The device catalogue of a property (`dm/`, the data-management page): device types (what a device is for:
 * gate controller, kiosk, …), platforms (the hardware/OS base it runs: an SoC with its OS) and models (a product
 * model, of one type, on one platform). Every call is a GET, as the spec lists them, including those that change
 * data (they are audited all the same). Model: apps/server/src/modules/device/README.md.
 */

export const CATALOGUE_NAME_MAX = 50;
export const CATALOGUE_REMARK_MAX = 200;

const name = () => z.string().trim().min(1).max(CATALOGUE_NAME_MAX);
const remark = () => z.string().trim().max(CATALOGUE_REMARK_MAX).default('');

export const deviceTypeItem = z.object({
  typeId: z.string(),
  name: z.string(),
  remark: z.string(),
  /** Models of this type. */
  modelCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type DeviceTypeItem = z.output<typeof deviceTypeItem>;

export const devicePlatformItem = z.object({
  platformId: z.string(),
  name: z.string(),
  osType: osType(),
  remark: z.string(),
  modelCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type DevicePlatformItem = z.output<typeof devicePlatformItem>;

export const deviceModelItem = z.object({
  modelId: z.string(),
  name: z.string(),
  typeId: z.string().nullable(),
  typeName: z.string().nullable(),
  platformId: z.string().nullable(),
  platformName: z.string().nullable(),
  /** The platform's OS ('other' without a platform). */
  osType: osType(),
  remark: z.string(),
  /** Devices of this model. */
  deviceCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type DeviceModelItem = z.output<typeof deviceModelItem>;

const read = { kind: 'property', permission: [P.catalogue, P.list], business: DEVICE_BUSINESS } as const;
const edit = { kind: 'property', permission: P.catalogueEdit, business: DEVICE_BUSINESS } as const;

export const deviceCatalogueEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'dm/getDeviceModelList',
    summary:
      "The property's device models, by name; `str` searches name and remark, `typeId`/`platformId` filter (app developers read it too: a version names the models it fits)",
    access: { ...read, permission: [...read.permission, APP_STORE_PERMISSIONS.develop] },
    input: pageQuery().extend({
      str: searchText(),
      typeId: optionalRef('deviceType'),
      platformId: optionalRef('devicePlatform'),
    }),
    output: pageOf(deviceModelItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/addDeviceModel',
    summary:
      'Create a device model, or edit one when `modelId` is given (a GET, as the spec lists it); the name is unique in the property',
    access: edit,
    mutates: true,
    input: z.object({
      modelId: optionalRef('deviceModel'),
      name: name(),
      typeId: optionalRef('deviceType'),
      platformId: optionalRef('devicePlatform'),
      remark: remark(),
    }),
    output: z.object({ modelId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/delDeviceModel',
    summary: 'Delete a device model no device uses (a GET, as the spec lists it)',
    access: edit,
    mutates: true,
    input: z.object({ modelId: ref('deviceModel') }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/getDevicePlatformList',
    summary: "The property's device platforms, by name; `str` searches name and remark",
    access: read,
    input: pageQuery().extend({ str: searchText() }),
    output: pageOf(devicePlatformItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/addDevicePlatform',
    summary:
      'Create a device platform with its OS, or edit one when `platformId` is given (a GET, as the spec lists it)',
    access: edit,
    mutates: true,
    input: z.object({
      platformId: optionalRef('devicePlatform'),
      name: name(),
      osType: osType(),
      remark: remark(),
    }),
    output: z.object({ platformId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/delDevicePlatform',
    summary: 'Delete a device platform no model uses (a GET, as the spec lists it)',
    access: edit,
    mutates: true,
    input: z.object({ platformId: ref('devicePlatform') }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/getDeviceTypeList',
    summary: "The property's device types, by name; `str` searches name and remark",
    access: read,
    input: pageQuery().extend({ str: searchText() }),
    output: pageOf(deviceTypeItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/addDeviceType',
    summary: 'Create a device type, or edit one when `typeId` is given (a GET, as the spec lists it)',
    access: edit,
    mutates: true,
    input: z.object({ typeId: optionalRef('deviceType'), name: name(), remark: remark() }),
    output: z.object({ typeId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dm/delDeviceType',
    summary: 'Delete a device type no model uses (a GET, as the spec lists it)',
    access: edit,
    mutates: true,
    input: z.object({ typeId: ref('deviceType') }),
    output: z.null(),
  }),
);

import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';

/**
 * The security chain's device functions (`func/`): per space of the `security` business, the functions a fielded
 * device keeps under authorisation (a debug port, a root shell, factory mode, …), each with a code unique in the
 * space, a name in both languages, a risk level, a description and the responses a device may give when it is used.
 * Authorisations of devices, users and privileged users build on them. Model:
 * apps/server/src/modules/security-chain/README.md.
 */

export const SECURITY_FUNC_PERMISSIONS = {
  /** The functions page: reads the functions of the security spaces in the caller's scope. */
  read: 'manage.functions',
  /** Adds, edits and deletes functions. */
  edit: 'manage.functions.edit',
  /** The responses page: reads the responses of the functions. */
  responses: 'manage.responses',
  /** Adds, edits and deletes responses. */
  responsesEdit: 'manage.responses.edit',
} as const;

/** The security chain pages that pick functions or a security space (their lists name functions). */
const CHAIN_PAGES = ['security.grant', 'security.device', 'security.deviceDetail', 'security.routedCmd'] as const;

/** Who reads functions: their pages and the security chain pages that pick them. */
export const SECURITY_FUNC_READERS = [
  SECURITY_FUNC_PERMISSIONS.read,
  SECURITY_FUNC_PERMISSIONS.responses,
  ...CHAIN_PAGES,
] as const;

export const FUNC_RISKS = ['low', 'medium', 'high', 'critical'] as const;
export type FuncRisk = (typeof FUNC_RISKS)[number];

/** A function code: lower-case words of letters, digits and `_`, joined by dots (`debug.adb`, `factory.mode`). */
export const FUNC_CODE_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
export const FUNC_CODE_MAX = 64;
/** A response code: one lower-case word of letters, digits and `_` (`ok`, `refused`, `busy`). */
export const FUNC_RESPONSE_CODE_PATTERN = /^[a-z][a-z0-9_]*$/;
export const FUNC_RESPONSE_CODE_MAX = 32;
export const FUNC_NAME_MAX = 60;
export const FUNC_DESCRIPTION_MAX = 500;
/** The most responses one function has. */
export const FUNC_RESPONSES_MAX = 50;

const name = z.string().trim().min(1).max(FUNC_NAME_MAX);

export const funcResponseItem = z.object({
  responseId: z.string(),
  funcId: z.string(),
  sid: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** The name in the reader's language. */
  name: z.string(),
  /** The function's code and name in the reader's language. */
  funcCode: z.string(),
  funcName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type FuncResponseItem = z.output<typeof funcResponseItem>;

export const funcItem = z.object({
  funcId: z.string(),
  sid: z.string(),
  /** The space's name ('' when it is gone). */
  spaceName: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** The name in the reader's language. */
  name: z.string(),
  risk: z.enum(FUNC_RISKS),
  description: z.string(),
  /** The authorisations that name the function (device, user and privileged grants, counted as they are made). */
  authCount: z.number().int(),
  /** The responses a device may give, by code. */
  responseList: z.array(funcResponseItem),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type FuncItem = z.output<typeof funcItem>;

export const securitySpaceItem = z.object({ sid: z.string(), name: z.string() });
export type SecuritySpaceItem = z.output<typeof securitySpaceItem>;

const responseInput = z.object({
  code: z.string().trim().min(1).max(FUNC_RESPONSE_CODE_MAX).regex(FUNC_RESPONSE_CODE_PATTERN, 'code'),
  nameZh: name,
  nameEn: name,
});

export const securityChainEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'func/getFuncSpaceList',
    summary:
      "The property's spaces of the security business within the caller's space scope, by name: where functions live",
    access: { kind: 'property', permission: [...SECURITY_FUNC_READERS], business: 'security' },
    input: z.object({}),
    output: z.object({ list: z.array(securitySpaceItem) }),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'func/getFuncList',
    summary:
      'The functions of a security space by code, each with its responses; `str` searches code and names; `filterAuth` 1 keeps those with at least one authorisation (counted as grants are made: none before)',
    access: { kind: 'property', permission: [...SECURITY_FUNC_READERS], business: 'security', scope: { space: 'sid' } },
    input: pageQuery().extend({
      sid: ref('space'),
      filterAuth: flag().default(0),
      str: optionalText(100),
      /** Keep one function. */
      funcId: ref('securityFunc').optional(),
    }),
    output: pageOf(funcItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'func/saveFunc',
    summary:
      'Add a function to a security space or edit one: a code unique in the space, names in both languages, a risk level and a description',
    access: {
      kind: 'property',
      permission: SECURITY_FUNC_PERMISSIONS.edit,
      business: 'security',
      scope: { space: 'sid' },
    },
    input: z.object({
      /** Edit this function (of space `sid`); leave out to add one. */
      funcId: optionalRef('securityFunc'),
      sid: ref('space'),
      code: z.string().trim().min(1).max(FUNC_CODE_MAX).regex(FUNC_CODE_PATTERN, 'code'),
      nameZh: name,
      nameEn: name,
      risk: z.enum(FUNC_RISKS),
      description: z.string().trim().max(FUNC_DESCRIPTION_MAX).default(''),
      /** Responses to add with a new function (ignored when editing: the response calls change them). */
      responseList: z
        .array(responseInput)
        .max(FUNC_RESPONSES_MAX)
        .refine((l) => new Set(l.map((r) => r.code)).size === l.length, 'responseList')
        .default([]),
    }),
    output: funcItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'func/deleteFunc',
    summary: 'Delete a function with its responses; a function that authorisations name cannot be deleted',
    access: { kind: 'property', permission: SECURITY_FUNC_PERMISSIONS.edit, business: 'security' },
    input: z.object({ funcId: ref('securityFunc') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'func/getFuncResponseList',
    summary:
      "The responses of a security space's functions (or of one, `funcId`), by function and code; `str` searches codes and names",
    access: {
      kind: 'property',
      permission: [SECURITY_FUNC_PERMISSIONS.responses, SECURITY_FUNC_PERMISSIONS.read],
      business: 'security',
      scope: { space: 'sid' },
    },
    input: pageQuery().extend({
      sid: ref('space'),
      /** One function's responses; left out: every function's. */
      funcId: ref('securityFunc').optional(),
      str: optionalText(100),
    }),
    output: pageOf(funcResponseItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'func/saveFuncResponse',
    summary: 'Add a response to a function or edit one: a code unique in the function and names in both languages',
    access: {
      kind: 'property',
      permission: [SECURITY_FUNC_PERMISSIONS.responsesEdit, SECURITY_FUNC_PERMISSIONS.edit],
      business: 'security',
    },
    input: responseInput.extend({
      /** Edit this response (of function `funcId`); leave out to add one. */
      responseId: optionalRef('funcResponse'),
      funcId: ref('securityFunc'),
    }),
    output: funcResponseItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'func/deleteFuncResponse',
    summary: 'Delete a response of a function',
    access: {
      kind: 'property',
      permission: [SECURITY_FUNC_PERMISSIONS.responsesEdit, SECURITY_FUNC_PERMISSIONS.edit],
      business: 'security',
    },
    input: z.object({ responseId: ref('funcResponse') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
);

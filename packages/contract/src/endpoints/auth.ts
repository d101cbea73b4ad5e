import { z } from 'zod';
import { CODE_LENGTH, CODE_PURPOSES } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag } from '../envelope';
import { EMAIL_PATTERN, isEmail, isMobile, MOBILE_PATTERN } from '../validators';

/** A mobile number (SPEC §5). A pattern rather than a refinement, so that the OpenAPI document and generated inputs know it. */
export const phoneNum = () => z.string().trim().regex(MOBILE_PATTERN, 'mobile');
/** An optional e-mail address (SPEC §5), `''` clearing it. */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(100)
    .regex(new RegExp(`^$|${EMAIL_PATTERN.source}`), 'email')
    .optional();
export const account = () =>
  z
    .string()
    .trim()
    .refine((v) => isMobile(v) || isEmail(v), 'phone or e-mail');
export const code = () =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'code');
/** RSA-OAEP(SHA-256) ciphertext of the password, base64 made URL-safe (SPEC §7 last bullet). */
export const encryptedPassword = () =>
  z
    .string()
    .min(16)
    .max(2048)
    .regex(/^[A-Za-z0-9_-]+$/, 'cipher');

export const propertyRole = z.enum(['owner', 'admin', 'member']);

export const propertySummary = z.object({
  pno: z.string(),
  name: z.string(),
  isCustomer: flag(),
  role: propertyRole,
});
export type PropertySummary = z.output<typeof propertySummary>;

/** SPEC §3 session user info: `token` and `propertyList`, plus who the user is. */
export const userInfo = z.object({
  token: z.string(),
  uid: z.string(),
  name: z.string(),
  phoneNum: z.string(),
  email: z.string().nullable(),
  isOperator: flag(),
  propertyList: z.array(propertySummary),
});
export type UserInfo = z.output<typeof userInfo>;

export const authEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'a/getPublicKey',
    ours: true,
    summary: 'The RSA public key (SPKI, base64) the client encrypts passwords with',
    access: { kind: 'public' },
    input: z.object({}),
    output: z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP-256') }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'a/sendCode',
    summary: 'Send a six-digit verification code (valid five minutes, single use)',
    access: { kind: 'public' },
    rateLimit: 'sendCode',
    input: z.object({ phoneNum: phoneNum(), purpose: z.enum(CODE_PURPOSES) }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'a/register',
    summary: 'Register with a phone code; signs in',
    access: { kind: 'public' },
    rateLimit: 'signIn',
    input: z.object({
      phoneNum: phoneNum(),
      code: code(),
      password: encryptedPassword(),
      name: z.string().trim().min(1).max(32),
    }),
    output: userInfo,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'a/login',
    summary: 'Sign in with phone or e-mail and password',
    access: { kind: 'public' },
    rateLimit: 'signIn',
    input: z.object({ account: account(), password: encryptedPassword() }),
    output: userInfo,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'a/loginByCode',
    summary: 'Sign in with a phone code',
    access: { kind: 'public' },
    rateLimit: 'signIn',
    input: z.object({ phoneNum: phoneNum(), code: code() }),
    output: userInfo,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'a/forgetPassword',
    summary: 'Reset the password with a phone code; signs every session out',
    access: { kind: 'public' },
    rateLimit: 'signIn',
    input: z.object({ phoneNum: phoneNum(), code: code(), password: encryptedPassword() }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'a/logout',
    summary: 'Revoke the current token',
    access: { kind: 'user' },
    input: z.object({}),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'a/ifPhoneNumExist',
    summary: 'Whether a phone number is registered (rate limited)',
    access: { kind: 'public' },
    rateLimit: 'lookup',
    input: z.object({ phoneNum: phoneNum() }),
    output: z.object({ exist: flag() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'a/getPropertyExInfo',
    summary: "The selected property's extra info: name, customer flag, enabled businesses, the user's role",
    access: { kind: 'property' },
    input: z.object({}),
    output: z.object({
      pno: z.string(),
      name: z.string(),
      isCustomer: flag(),
      businessList: z.array(z.string()),
      role: propertyRole,
    }),
  }),
);

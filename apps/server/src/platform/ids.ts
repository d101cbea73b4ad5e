import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random, URL-safe id (128 bits). */
export const newId = (): string => randomBytes(16).toString('base64url');

/** A random secret token (256 bits). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex; tokens and codes are stored only as this. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** `length` random decimal digits. */
export const randomDigits = (length: number): string => Array.from({ length }, () => String(randomInt(0, 10))).join('');

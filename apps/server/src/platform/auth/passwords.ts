import argon2 from 'argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 iterations, 1 lane). */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, options);

export async function verifyPassword(hash: string | null, plain: string): Promise<boolean> {
  if (!hash) {
    // Same work as a real check, so that timing does not tell whether the account exists.
    await argon2.hash(plain, options);
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** 8–64 characters with at least one letter and one digit. */
export const isAcceptablePassword = (plain: string): boolean =>
  plain.length >= 8 && plain.length <= 64 && /[A-Za-z]/.test(plain) && /\d/.test(plain);

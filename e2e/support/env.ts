import { join } from 'node:path';

/** Accounts the config's server starts with (`seed-demo` and ADMIN_PHONE / ADMIN_PASSWORD). */
export const OPERATOR = { phone: '13800000000', password: 'Operator123', name: '平台管理员' } as const;
export const DEMO_OWNER = { phone: '13800000001', password: 'Demo1234', name: '演示管理员' } as const;
export const DEMO_MEMBER = { phone: '13800000002', password: 'Demo1234', name: '演示成员' } as const;

/** The demo properties: the owner's (every business) and the one they are a member of (fewer menus). */
export const DEMO_PROPERTY = '演示物业';
export const PARTNER_PROPERTY = '合作物业';

/** The server's SQLite file (playwright.config.ts makes the data directory before the server starts). */
export function databaseFile(): string {
  const dir = process.env.KEEL_E2E_DATA_DIR;
  if (!dir) throw new Error('KEEL_E2E_DATA_DIR is not set: run the suite through playwright.config.ts');
  return join(dir, 'keel.db');
}

/**
 * A phone number no other test uses: codes are limited to one per phone per minute, and failed sign-ins count
 * per account, so each test that needs a code or a failure takes its own.
 */
export function freshPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to SQLite in ./data on port 3000 with the log outbox', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toMatchObject({ kind: 'sqlite' });
    expect(c.database.kind === 'sqlite' && c.database.file.endsWith('/data/keel.db')).toBe(true);
    expect(c.outbox).toEqual({ driver: 'log' });
    expect(c.tokenIdleMs).toBe(720 * 60_000);
    expect(c.signInLimits).toEqual({ perAddress: 30, perAccount: 10 });
  });

  it('reads the sign-in limits, and refuses one that is not a positive whole number', () => {
    expect(loadConfig({ SIGN_IN_PER_ADDRESS: '600', SIGN_IN_PER_ACCOUNT: '20' }).signInLimits).toEqual({
      perAddress: 600,
      perAccount: 20,
    });
    expect(() => loadConfig({ SIGN_IN_PER_ADDRESS: '0' })).toThrow(/SIGN_IN_PER_ADDRESS/);
    expect(() => loadConfig({ SIGN_IN_PER_ACCOUNT: '2.5' })).toThrow(/SIGN_IN_PER_ACCOUNT/);
  });

  it('switches to PostgreSQL and the webhook outbox', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h:5432/db',
      OUTBOX_DRIVER: 'webhook',
      OUTBOX_WEBHOOK_URL: 'http://gw.local/send',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(c.outbox).toEqual({ driver: 'webhook', url: 'http://gw.local/send' });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'x', ADMIN_PHONE: '123', DATABASE_URL: 'mysql://h' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'x', ADMIN_PHONE: '123' });
    } catch (e) {
      expect((e as Error).message).toContain('PORT');
      expect((e as Error).message).toContain('ADMIN_PHONE');
    }
    expect(() => loadConfig({ OUTBOX_DRIVER: 'webhook' })).toThrow(/OUTBOX_WEBHOOK_URL/);
  });
});

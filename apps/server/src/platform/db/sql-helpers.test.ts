import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { containsAnyCi, containsCi } from './sql-helpers';

/** The one LIKE search of the server: case-insensitive, wildcards literal, the same on SQLite and PostgreSQL. */
describeEachDb('containsCi / containsAnyCi', (env) => {
  const names = ['Gate_Way 50%', 'gateway 500', 'Back\\Slash', '网关 A'];
  const emails = ['one@example.com', null, 'GW@Example.com', null];

  const seed = async () => {
    const db = env().app.keel.db.withoutPlugins();
    await db.deleteFrom('users').where('uid', 'like', 'like-%').execute();
    await db
      .insertInto('users')
      .values(
        names.map((name, i) => ({
          uid: `like-${i}`,
          phone: `1370000000${i}`,
          email: emails[i],
          name,
          password_hash: null,
          is_operator: 0,
          status: 1,
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    return db;
  };

  it('matches a column case-insensitively, with % _ and \\ taken literally', async () => {
    const db = await seed();
    const find = async (text: string) =>
      (
        await db
          .selectFrom('users')
          .select('name')
          .where('uid', 'like', 'like-%')
          .where(containsCi('name', text))
          .orderBy('uid')
          .execute()
      ).map((r) => r.name);
    expect(await find('GATEWAY')).toEqual(['gateway 500']);
    expect(await find('gate_way')).toEqual(['Gate_Way 50%']);
    expect(await find('50%')).toEqual(['Gate_Way 50%']);
    expect(await find('%')).toEqual(['Gate_Way 50%']);
    expect(await find('_')).toEqual(['Gate_Way 50%']);
    expect(await find('\\s')).toEqual(['Back\\Slash']);
    expect(await find('网关')).toEqual(['网关 A']);
  });

  it('searches several columns at once, a null column matching nothing', async () => {
    const db = await seed();
    const find = async (text: string) =>
      (
        await db
          .selectFrom('users')
          .select('uid')
          .where('uid', 'like', 'like-%')
          .where(containsAnyCi(['name', 'email', 'phone'], text))
          .orderBy('uid')
          .execute()
      ).map((r) => r.uid);
    expect(await find('example.COM')).toEqual(['like-0', 'like-2']);
    expect(await find('gw@')).toEqual(['like-2']);
    expect(await find('13700000003')).toEqual(['like-3']);
    expect(await find('slash')).toEqual(['like-2']);
    expect(await find('nothing like this')).toEqual([]);
    // Combined with other conditions by the caller (the parentheses keep the `or` inside).
    const both = await db
      .selectFrom('users')
      .select('uid')
      .where('uid', 'like', 'like-%')
      .where(containsAnyCi(['name', 'email'], 'gate'))
      .where('uid', '=', 'like-1')
      .execute();
    expect(both.map((r) => r.uid)).toEqual(['like-1']);
  });
});

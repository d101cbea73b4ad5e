import { expect, it } from 'vitest';
import { describeEachDb, freshPhone } from '../../test/harness';
import { verifyAudit } from './audit-log';

describeEachDb('audit log', (env) => {
  it('records every state-changing call, chained, and detects tampering', async () => {
    const phone = freshPhone();
    const user = await env().register(phone, 'Audited');
    await env().call('a/login', { account: phone, password: await env().encrypt('Wrong1234') }, { ip: '10.9.9.9' });
    await env().call('a/logout', {}, { token: user.token });
    await env().call('pro/getMyPropertyList', {}, { token: user.token }); // a read: not recorded

    const rows = await env().app.keel.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
    expect(rows.map((r) => r.endpoint)).toEqual(['a/sendCode', 'a/register', 'a/login', 'a/logout']);
    expect(rows[1]).toMatchObject({ actor_uid: user.uid, result: 0 });
    expect(rows[2]).toMatchObject({ result: 100110060401, address: '10.9.9.9' });
    expect(rows[3].actor_uid).toBe(user.uid);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    expect(await verifyAudit(env().app.keel.db)).toEqual({ ok: true, records: 4 });

    await env().app.keel.db.updateTable('audit_log').set({ result: 0 }).where('seq', '=', rows[2].seq).execute();
    expect(await verifyAudit(env().app.keel.db)).toMatchObject({ ok: false, brokenAt: 3 });
    await env()
      .app.keel.db.updateTable('audit_log')
      .set({ result: 100110060401 })
      .where('seq', '=', rows[2].seq)
      .execute();
    await env().app.keel.db.deleteFrom('audit_log').where('seq', '=', rows[3].seq).execute();
    expect(await verifyAudit(env().app.keel.db)).toMatchObject({ ok: false, brokenAt: 4 });
  });
});

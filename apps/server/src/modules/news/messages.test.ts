import { beforeAll, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp, freshPhone } from '../../test/harness';

interface Who {
  token: string;
  uid: string;
}

interface Item {
  nid: string;
  newsType: string;
  title: string;
  content: string;
}

/** The messages events write: each change once, saying what changed, in the reader's language. */
describeEachDb('messages say what changed', (env) => {
  let owner: Who;
  let mia: Who;
  let demo: string;
  let east: string;
  let west: string;
  let psid: string;

  const asOwner = (): CallOptions => ({ token: owner.token, pno: demo });
  /** Mia's messages newest first, read in `lang`; marks them read so each test sees only its own. */
  const inbox = async (lang: 'zh-cn' | 'en'): Promise<Item[]> => {
    const list = (await env().ok('news/getMyNewsList', { readStatus: 0, pageSize: 50 }, { token: mia.token, lang }))
      .list;
    return list;
  };
  const clear = () => env().ok('news/changeAllNewsToRead', {}, { token: mia.token });

  beforeAll(async () => {
    const keel = env().app.keel;
    await seedDemo(keel);
    const login = await env().call(
      'a/login',
      { account: DEMO_OWNER_PHONE, password: await env().encrypt(DEMO_PASSWORD) },
      { ip: freshIp() },
    );
    owner = login.data;
    demo = login.data.propertyList[0].pno;
    const phone = freshPhone();
    await env().register(phone, 'Mia');
    // Mia signs in in English: her stored language is English (the push), each session picks what it reads.
    mia = (
      await env().call(
        'a/login',
        { account: phone, password: await env().encrypt('Passw0rd1') },
        { ip: freshIp(), lang: 'en' },
      )
    ).data;
    await addMember(keel.db, demo, mia.uid, 'member', keel.now());
    east = (await env().ok('o/addOrUpdateOrg', { pid: `root-${demo}`, name: 'East wing' }, asOwner())).oid;
    west = (await env().ok('o/addOrUpdateOrg', { pid: `root-${demo}`, name: 'West wing' }, asOwner())).oid;
    psid = (
      await env().ok('ps/addOrUpdatePerSet', { name: 'Gatekeepers', permissionIdList: ['account.title'] }, asOwner())
    ).psid;
  });

  it('adding one administrator limited to a unit sends one message naming the set and the unit', async () => {
    // The console adds an administrator in two calls (AddAdminForPerSetDlg): the sets, then each set's scope.
    await env().ok('ps/assignPerSet', { uidList: [mia.uid], psidList: [psid], mode: 'add' }, asOwner());
    await env().ok('ps/assignMgeOrg', { uid: mia.uid, psid, oidList: [east] }, asOwner());
    const english = await inbox('en');
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({
      newsType: 'role',
      content: 'Your permission sets now: "Gatekeepers" (limited to the units East wing).',
    });
    expect(english[0].title).toContain('Your administrator rights in');
    const chinese = await inbox('zh-cn');
    expect(chinese[0].content).toBe('您现在持有的权限集：「Gatekeepers」（限于组织：East wing）。');
    await clear();
  });

  it('a scope change later says which scope', async () => {
    env().advance(120_000);
    await env().ok('ps/assignMgeOrg', { uid: mia.uid, psid, oidList: [east, west] }, asOwner());
    const [message, ...rest] = await inbox('en');
    expect(rest).toEqual([]);
    expect(message.content).toBe(
      'Your permission sets now: "Gatekeepers" (limited to the units East wing, West wing).',
    );
    env().advance(120_000);
    await env().ok('ps/assignMgeOrg', { uid: mia.uid, psid, oidList: [] }, asOwner());
    const lifted = await inbox('en');
    // Unread messages stay: the newer one says the limit is lifted.
    expect(lifted[0].content).toBe('Your permission sets now: "Gatekeepers" (everywhere).');
    expect(lifted).toHaveLength(2);
    await clear();
  });

  it('being given a title is messaged, once per title, not again for one already held', async () => {
    const tid = (await env().ok('t/addOrUpdateTitle', { name: 'Night warden', remark: '' }, asOwner())).tid;
    await env().ok('t/addTitleUser', { tid, uidList: [mia.uid, owner.uid] }, asOwner());
    await env().ok('t/addTitleUser', { tid, uidList: [mia.uid] }, asOwner());
    const messages = await inbox('en');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ newsType: 'role', content: 'You were given the title "Night warden".' });
    expect(messages[0].title).toMatch(/^You have a new title in ".+"$/);
    expect((await inbox('zh-cn'))[0].content).toBe('您现在担任「Night warden」。');
    await clear();
  });

  it('being moved to a unit is messaged; a move to where one already is is not', async () => {
    await env().ok('o/moveOrgUser', { uidList: [mia.uid], oid: west }, asOwner());
    await env().ok('o/moveOrgUser', { uidList: [mia.uid], oid: west }, asOwner());
    const messages = await inbox('en');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ newsType: 'role', content: 'You were moved to West wing.' });
    expect((await inbox('zh-cn'))[0].content).toBe('您已被调到「West wing」。');
    await clear();
  });
});

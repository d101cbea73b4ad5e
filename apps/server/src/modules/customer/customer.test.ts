import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { type MemberGroupFixture, memberGroupFixture, memberGroupSuite } from '../../test/member-group-suite';

describeEachDb('customers', (env) => {
  let fx: MemberGroupFixture;
  beforeAll(async () => {
    fx = await memberGroupFixture(env);
  });
  memberGroupSuite(
    env,
    {
      noun: 'customer',
      idKey: 'cid',
      permission: 'account.customer',
      paths: {
        list: 'cu/getCustomerList',
        save: 'cu/addOrUpdateCustomer',
        del: 'cu/delCustomer',
        users: 'cu/getCustomerUserList',
        add: 'cu/addCustomerUser',
        remove: 'cu/delCustomerUser',
      },
      tables: { groups: 'customers', members: 'customer_users' },
    },
    () => fx,
  );

  const asOwner = (lang: 'zh-cn' | 'en' = 'zh-cn') => ({ token: fx.owner.token, pno: fx.demoPno, lang });
  const full = {
    name: 'Acme Water',
    code: 'ACME-01',
    contactName: 'Li Lei',
    contactPhone: '+86 (010) 6552-1234#88',
    contactEmail: 'li.lei@acme.example.com',
    address: '1 Harbour Road',
    remark: 'Key account',
  };

  it('stores the contact details and replaces them all on update', async () => {
    const saved = await env().call('cu/addOrUpdateCustomer', full, asOwner());
    expect(saved.status, saved.msg).toBe(0);
    const cid = saved.data.cid as string;
    const found = await env().call('cu/getCustomerList', { str: 'acme-01' }, asOwner());
    expect(found.data.list).toEqual([expect.objectContaining({ ...full, cid, userCount: 0 })]);
    // The edit dialog sends the whole customer: fields left out are cleared.
    const edited = await env().call('cu/addOrUpdateCustomer', { cid, name: 'Acme Water Ltd' }, asOwner());
    expect(edited).toMatchObject({ status: 0, data: { cid } });
    const after = await env().call('cu/getCustomerList', { str: 'Acme Water Ltd' }, asOwner());
    expect(after.data.list[0]).toMatchObject({
      cid,
      name: 'Acme Water Ltd',
      code: '',
      contactName: '',
      contactPhone: '',
      contactEmail: '',
      address: '',
      remark: '',
    });
  });

  it('searches by code, contact name and contact phone', async () => {
    await env().call(
      'cu/addOrUpdateCustomer',
      { name: 'Borealis', code: 'BOR-7', contactName: 'Han Meimei', contactPhone: '13912345678' },
      asOwner(),
    );
    for (const str of ['bor-7', 'meimei', '2345678', 'BOREALIS']) {
      const res = await env().call('cu/getCustomerList', { str }, asOwner());
      expect(
        res.data.list.map((c: { name: string }) => c.name),
        str,
      ).toEqual(['Borealis']);
    }
  });

  it('keeps a non-empty code unique in the property, case folded; many customers may have none', async () => {
    const first = await env().call('cu/addOrUpdateCustomer', { name: 'Coda One', code: 'CODE-9' }, asOwner());
    expect(first.status).toBe(0);
    const clash = await env().call('cu/addOrUpdateCustomer', { name: 'Coda Two', code: 'code-9' }, asOwner('en'));
    expect(clash).toMatchObject({ status: Status.conflict, msg: 'The code "code-9" is already in use' });
    const zh = await env().call('cu/addOrUpdateCustomer', { name: 'Coda Two', code: 'CODE-9' }, asOwner());
    expect(zh.msg).toBe('编号“CODE-9”已被使用');
    for (const name of ['No Code 1', 'No Code 2']) {
      expect((await env().call('cu/addOrUpdateCustomer', { name, code: '' }, asOwner())).status).toBe(0);
    }
    // Keeping its own code on update is no conflict; another property may use the same code.
    const own = await env().call(
      'cu/addOrUpdateCustomer',
      { cid: first.data.cid, name: 'Coda One', code: 'Code-9' },
      asOwner(),
    );
    expect(own.status).toBe(0);
    const partner = await env().call(
      'cu/addOrUpdateCustomer',
      { name: 'Coda One', code: 'CODE-9' },
      { token: fx.operator.token, pno: fx.partnerPno },
    );
    expect(partner.status).toBe(0);
  });

  it('validates code, contact phone, e-mail and lengths', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: 'V', code: 'has space' }, 'code'],
      [{ name: 'V', code: 'x'.repeat(33) }, 'code'],
      [{ name: 'V', contactPhone: 'call me' }, 'contactPhone'],
      [{ name: 'V', contactPhone: '12' }, 'contactPhone'],
      [{ name: 'V', contactEmail: 'not-an-email' }, 'contactEmail'],
      [{ name: 'V', contactName: 'x'.repeat(51) }, 'contactName'],
      [{ name: 'V', address: 'x'.repeat(201) }, 'address'],
      [{ name: 'x'.repeat(101) }, 'name'],
    ];
    for (const [input, field] of bad) {
      const res = await env().call('cu/addOrUpdateCustomer', input, asOwner('en'));
      expect(res.status, JSON.stringify(input).slice(0, 60)).toBe(Status.invalidInput);
      expect(res.msg).toContain(field);
    }
    // A 100-character name is fine for a customer (titles and user sets stop at 50).
    expect((await env().call('cu/addOrUpdateCustomer', { name: 'n'.repeat(100) }, asOwner())).status).toBe(0);
  });
});

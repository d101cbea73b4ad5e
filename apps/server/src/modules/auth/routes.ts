import { authEndpoints } from '@keel/contract/endpoints/auth';
import { requireProperty, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import * as auth from './service';

/** SPEC §7 "User service": the eight calls, plus the public key they encrypt passwords with. */
export const authModule = defineModule(authEndpoints, (s) => ({
  'a/getPublicKey': async () => ({ publicKey: s.passwordKey.publicKey, algorithm: 'RSA-OAEP-256' as const }),
  'a/sendCode': async (input) => auth.sendCode(s, input.phoneNum, input.purpose),
  'a/register': async (input, ctx) => auth.register(s, input, ctx),
  'a/login': async (input, ctx) => auth.login(s, input, ctx),
  'a/loginByCode': async (input, ctx) => auth.loginByCode(s, input, ctx),
  'a/forgetPassword': async (input, ctx) => auth.forgetPassword(s, input, ctx),
  'a/logout': async (_input, ctx) => {
    await s.sessions.revoke(requireUser(ctx).tokenHash);
    return null;
  },
  'a/ifPhoneNumExist': async (input) => auth.phoneExists(s, input.phoneNum),
  'a/getPropertyExInfo': async (_input, ctx) => {
    const p = requireProperty(ctx);
    return {
      pno: p.pno,
      name: p.name,
      isCustomer: p.isCustomer ? (1 as const) : (0 as const),
      businessList: [...p.businesses],
      role: p.role,
    };
  },
}));

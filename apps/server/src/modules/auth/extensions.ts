import { extensionPoint } from '../../platform/extension-points';
import type { Services } from '../../platform/services';

/**
 * What other modules do once a phone got an account through a/register (org: the invitations sent to the phone
 * before it had one reach its message centre). Each contributes to `accountRegistered` in its module definition;
 * register runs them in the order the modules are listed, so this module imports none of them.
 */
export type AccountRegistered = (s: Services, uid: string, phone: string) => Promise<void>;

export const accountRegistered = extensionPoint<AccountRegistered>('auth.accountRegistered');

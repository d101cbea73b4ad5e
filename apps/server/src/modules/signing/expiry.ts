import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { WARN_MS } from './certs';
import * as repo from './repo';

/**
 * Certificate expiry (README "Expiry"): a job every hour tells the owner of each certificate that expires within
 * 30 days, once per certificate, through the message centre.
 */

export const EXPIRY_JOB = 'signing.expiry';
export const EXPIRY_INTERVAL_MS = 60 * 60_000;

export async function warnExpiring(s: Services): Promise<number> {
  const now = s.now();
  const rows = await repo.certsToWarn(s.db, now + WARN_MS, now);
  for (const r of rows) {
    const t = propertyTenant(r.pno);
    if (r.owner_uid) {
      await notify(s, {
        uid: r.owner_uid,
        pno: r.pno,
        type: 'system',
        key: 'certExpiring',
        params: { cert: r.name, days: Math.max(0, Math.ceil((Number(r.not_after) - now) / 86_400_000)) },
        link: { kind: 'signCert', id: r.cert_id },
      });
    }
    await repo.markWarned(s.db, t, r.cert_id, now);
  }
  return rows.length;
}

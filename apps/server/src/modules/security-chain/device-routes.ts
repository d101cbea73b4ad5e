import type { DdiExtensionRoute } from '../device/extensions';
import { certificate, check, reportUse } from './device-security';
import { SECURITY_BUSINESS } from './spaces';

/**
 * The device side of the security chain (README "The proof a device checks"), on the device API's extension points:
 * over DDI under `…/controller/v1/{id}/keelSecurity/…` and over Mender under `/api/devices/v1/keel/security/…`.
 */

/** The routes, for both protocols (extensions.ts `mender`). */
export const securityDeviceRoutes: DdiExtensionRoute[] = [
  {
    method: 'GET',
    suffix: '/keelSecurity/certificate',
    mender: '/security/certificate',
    business: SECURITY_BUSINESS,
    bucket: 'keelSecurityCertificate',
    handler: certificate,
  },
  {
    method: 'POST',
    suffix: '/keelSecurity/check',
    mender: '/security/check',
    business: SECURITY_BUSINESS,
    bucket: 'keelSecurityCheck',
    handler: check,
  },
  {
    method: 'POST',
    suffix: '/keelSecurity/uses',
    mender: '/security/uses',
    report: true,
    bucket: 'keelSecurityUses',
    handler: reportUse,
  },
];

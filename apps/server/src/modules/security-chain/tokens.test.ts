import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Status } from '@keel/contract/status';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';
import type { Caller } from './caller';
import { issueFuncToken } from './issue';

/**
 * The short-lived authorisations (README "The proof a device checks"): every token issued, in both algorithms, is
 * verified outside Keel with the `openssl` command line against the certificate the device API hands out; the online
 * check and the use report refuse every tampered, expired, not-yet-valid, replayed, wrong-device and wrong-function
 * token; 100 parallel issues on a pool of 10 give exactly 10 tokens; a revoked grant is seen by the next check; the
 * same routes serve Mender devices.
 */
describeEachDb(
  'security chain tokens',
  (env) => {
    let fx: DeviceFixture;
    let s: Services;
    let sid: string;
    let adb: string;
    let shell: string;
    let d1: { deviceId: string; auth: string };
    let d2: { deviceId: string; auth: string };
    const dir = mkdtempSync(join(tmpdir(), 'keel-security-tokens-'));

    /** A device API call (the allowance's window passed first: these tests call more often than devices poll). */
    const device = (d: { deviceId: string; auth: string }, method: 'GET' | 'POST', path: string, body?: unknown) => {
      env().advance(1001);
      return env().app.inject({
        method,
        url: `/${fx.demo}/controller/v1/${d.deviceId}/keelSecurity/${path}`,
        headers: {
          authorization: d.auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    };
    const check = async (d: typeof d1, token: string, funcCode?: string) => {
      const res = await device(d, 'POST', 'check', { token, ...(funcCode ? { funcCode } : {}) });
      expect(res.statusCode).toBe(200);
      return res.json() as { allowed: boolean; reason: string };
    };
    const use = (d: typeof d1, token: string, responseCode = 'ok', funcCode?: string) =>
      device(d, 'POST', 'uses', { token, responseCode, ...(funcCode ? { funcCode } : {}) });
    const issue = (deviceId: string, funcId: string, who = fx.owner) =>
      fx.ok('seclink/channel/issueFuncToken', { deviceId, funcId }, who);

    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    beforeAll(async () => {
      fx = await deviceFixture(env);
      s = env().app.keel;
      sid = (
        await fx.ok('space/addSpace', {
          name: `Tokens ${Date.now() % 100000}`,
          business: 'security',
          category: 'terminal',
          quota: 1 << 20,
        })
      ).sid;
      const func = async (code: string) =>
        (
          await fx.ok('func/saveFunc', {
            sid,
            code,
            nameZh: code,
            nameEn: code,
            risk: 'high',
            responseList: [
              { code: 'ok', nameZh: '成功', nameEn: 'Done' },
              { code: 'refused', nameZh: '拒绝', nameEn: 'Refused' },
            ],
          })
        ).funcId as string;
      adb = await func('debug.adb');
      shell = await func('root.shell');
      d1 = await fx.deviceAt('1.0.0', { prefix: 'tok-a' });
      d2 = await fx.deviceAt('1.0.0', { prefix: 'tok-b' });
      await fx.ok('pa/addPrivilegedUser', { sid, uidList: [fx.owner.uid] });
    });

    /** The DER form of a JWS `r || s` signature (written here, not Keel's). */
    const der = (raw: Buffer) => {
      const int = (b: Buffer) => {
        let v = b;
        while (v.length > 1 && v[0] === 0 && (v[1] as number) < 0x80) v = v.subarray(1);
        if ((v[0] as number) >= 0x80) v = Buffer.concat([Buffer.from([0]), v]);
        return Buffer.concat([Buffer.from([2, v.length]), v]);
      };
      const body = Buffer.concat([int(raw.subarray(0, 32)), int(raw.subarray(32))]);
      return Buffer.concat([Buffer.from([0x30, body.length]), body]);
    };

    /** Verifies a token with openssl against the certificate of its `alg` as the device API hands it out. */
    const opensslVerifies = (token: string, pem: string, alg: string, name: string): boolean => {
      const [h, p, sig] = token.split('.') as [string, string, string];
      const cert = join(dir, `${name}.crt`);
      const pub = join(dir, `${name}.pub`);
      const input = join(dir, `${name}.in`);
      const signature = join(dir, `${name}.sig`);
      writeFileSync(cert, pem);
      writeFileSync(pub, execFileSync('openssl', ['x509', '-in', cert, '-pubkey', '-noout']));
      writeFileSync(input, `${h}.${p}`);
      writeFileSync(signature, der(Buffer.from(sig, 'base64url')));
      const args =
        alg === 'ES256'
          ? ['dgst', '-sha256', '-verify', pub, '-signature', signature, input]
          : [
              'pkeyutl',
              '-verify',
              '-pubin',
              '-inkey',
              pub,
              '-rawin',
              '-digest',
              'sm3',
              '-in',
              input,
              '-sigfile',
              signature,
              '-pkeyopt',
              'distid:1234567812345678',
            ];
      try {
        return /Verified OK|Signature Verified Successfully/.test(execFileSync('openssl', args, { encoding: 'utf8' }));
      } catch {
        return false;
      }
    };

    it('signs every token so that openssl verifies it with the certificate devices get, in both algorithms', async () => {
      if (!realTools('openssl')) return;
      const certs = await device(d1, 'GET', 'certificate');
      expect(certs.statusCode).toBe(200);
      const etag = certs.headers.etag as string;
      expect(
        (
          await env().app.inject({
            method: 'GET',
            url: `/${fx.demo}/controller/v1/${d1.deviceId}/keelSecurity/certificate`,
            headers: { authorization: d1.auth, 'if-none-match': etag },
          })
        ).statusCode,
      ).toBe(304);
      const setting = await fx.ok('security/getSecuritySetting', {});
      expect(setting).toMatchObject({ algorithm: 'ES256', tokenTtlSeconds: 300, updateTime: null });
      for (const alg of ['ES256', 'SM2SM3'] as const) {
        await fx.ok('security/saveSecuritySetting', { algorithm: alg, tokenTtlSeconds: 600 });
        const body = (await device(d1, 'GET', 'certificate')).json() as {
          algorithm: string;
          certificates: { alg: string; kid: string; pem: string }[];
        };
        expect(body.algorithm).toBe(alg);
        const cert = body.certificates.find((c) => c.alg === alg) as { kid: string; pem: string };
        // The certificate is self-signed with its own key (SHA256WITHECDSA, SM3WITHSM2).
        writeFileSync(join(dir, 'self.crt'), cert.pem);
        const text = execFileSync('openssl', ['x509', '-in', join(dir, 'self.crt'), '-noout', '-text'], {
          encoding: 'utf8',
        });
        expect(text).toMatch(alg === 'ES256' ? /ecdsa-with-SHA256/ : /SM2-with-SM3/);
        let n = 0;
        for (const [deviceId, funcId] of [
          [d1.deviceId, adb],
          [d1.deviceId, shell],
          [d2.deviceId, adb],
        ] as const) {
          const issued = await issue(deviceId, funcId);
          expect(issued).toMatchObject({ alg, source: 'privileged' });
          expect(issued.expiresAt - issued.notBefore).toBe(600_000);
          const [h, p] = issued.token.split('.');
          expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({
            alg,
            typ: 'keel-func+jws',
            kid: cert.kid,
          });
          expect(JSON.parse(Buffer.from(p, 'base64url').toString())).toMatchObject({
            iss: 'keel',
            pno: fx.demo,
            sid,
            dev: deviceId,
            fid: funcId,
            sub: fx.owner.uid,
            jti: issued.nonce,
            nbf: issued.notBefore / 1000,
            exp: issued.expiresAt / 1000,
          });
          expect(opensslVerifies(issued.token, cert.pem, alg, `${alg}-${++n}`)).toBe(true);
          // One bit changed in the payload: openssl refuses it too.
          const tampered = `${h}.${Buffer.from(Buffer.from(p, 'base64url').toString().replace('"iss"', '"isz"')).toString('base64url')}.${issued.token.split('.')[2]}`;
          expect(opensslVerifies(tampered, cert.pem, alg, `${alg}-t${n}`)).toBe(false);
        }
        recordRealToolRun(`security tokens ${alg} [${env().dialect}]`, ['openssl']);
      }
      await fx.ok('security/saveSecuritySetting', { algorithm: 'ES256', tokenTtlSeconds: 300 });
    });

    it('refuses tampered, expired, not-yet-valid, replayed, wrong-device and wrong-function tokens, online and in use reports', async () => {
      for (const alg of ['ES256', 'SM2SM3'] as const) {
        await fx.ok('security/saveSecuritySetting', { algorithm: alg, tokenTtlSeconds: 3600 });
        const { token } = await issue(d1.deviceId, adb);
        expect(await check(d1, token)).toEqual({ allowed: true, reason: '' });
        expect(await check(d1, token, 'debug.adb')).toEqual({ allowed: true, reason: '' });
        const [h, p, sig] = token.split('.') as [string, string, string];
        const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
        const forged = (change: Record<string, unknown>) =>
          `${h}.${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${sig}`;
        const flipped = Buffer.from(sig, 'base64url');
        flipped[10] = (flipped[10] as number) ^ 1;
        const tampered = [
          forged({ dev: d2.deviceId }),
          forged({ fid: shell, fn: 'root.shell' }),
          forged({ exp: claims.exp + 86_400 }),
          forged({ sub: fx.member.uid }),
          `${h}.${p}.${flipped.toString('base64url')}`,
          'not.a.token',
        ];
        for (const bad of tampered) {
          expect(await check(d1, bad), bad).toEqual({ allowed: false, reason: 'badToken' });
          expect((await use(d1, bad)).statusCode, bad).toBe(400);
        }
        // Not a JWS at all: the body is refused.
        expect((await device(d1, 'POST', 'check', { token: `${h}.${p}` })).statusCode).toBe(400);
        // A token for another device, another function.
        expect(await check(d2, token)).toEqual({ allowed: false, reason: 'wrongDevice' });
        expect((await use(d2, token)).statusCode).toBe(403);
        expect(await check(d1, token, 'root.shell')).toEqual({ allowed: false, reason: 'wrongFunction' });
        expect((await use(d1, token, 'ok', 'root.shell')).statusCode).toBe(400);
        // A response the function does not have.
        expect((await use(d1, token, 'exploded')).statusCode).toBe(400);
        // Used once; a replay is refused.
        expect((await use(d1, token, 'ok', 'debug.adb')).statusCode).toBe(200);
        const replay = await use(d1, token);
        expect(replay.statusCode).toBe(409);
        expect(replay.json()).toMatchObject({ errorCode: 'keel.ddi.conflict' });
        // Not yet valid (the clock moved back), expired (past `exp`).
        const later = await issue(d1.deviceId, adb);
        env().advance(-60_000);
        expect(await check(d1, later.token)).toEqual({ allowed: false, reason: 'notYetValid' });
        expect((await use(d1, later.token)).statusCode).toBe(400);
        env().advance(3600_000 + 60_000);
        expect(await check(d1, later.token)).toEqual({ allowed: false, reason: 'expired' });
        expect((await use(d1, later.token)).statusCode).toBe(400);
      }
      await fx.ok('security/saveSecuritySetting', { algorithm: 'ES256', tokenTtlSeconds: 300 });
      // Another property's device is "not found"; another property's member is refused the call.
      const res = await fx.call(
        'seclink/channel/issueFuncToken',
        { deviceId: 'no-such-device', funcId: adb },
        fx.owner,
      );
      expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: deviceId']);
      const other = await fx.call(
        'seclink/channel/issueFuncToken',
        { deviceId: d1.deviceId, funcId: adb },
        fx.operator,
      );
      expect(other.status).not.toBe(0);
    });

    it('refuses without a grant with the reason, and sees a revoked grant at the next check', async () => {
      let res = await fx.call('seclink/channel/issueFuncToken', { deviceId: d1.deviceId, funcId: shell }, fx.member);
      expect([res.status, res.msg]).toEqual([
        Status.forbidden,
        'You are not authorised to use the function "root.shell"',
      ]);
      const [userAuth] = (
        await fx.ok('ua/addUserAuth', { sid, funcId: shell, subjectType: 1, subjectIdList: [fx.member.uid] })
      ).list;
      res = await fx.call('seclink/channel/issueFuncToken', { deviceId: d1.deviceId, funcId: shell }, fx.member);
      expect(res.msg).toBe(`The device ${d1.deviceId} is not authorised for the function "root.shell"`);
      const [deviceAuth] = (
        await fx.ok('da/addDeviceFuncAuth', { sid, funcId: shell, targetType: 'device', deviceIdList: [d1.deviceId] })
      ).list;
      const granted = await issue(d1.deviceId, shell, fx.member);
      expect(granted.source).toBe('grant');
      expect(await check(d1, granted.token)).toEqual({ allowed: true, reason: '' });
      await fx.ok('ua/setUserAuthDisable', { authId: userAuth.authId, disabled: 1 });
      expect(await check(d1, granted.token)).toEqual({ allowed: false, reason: 'funcNotGrantedUser' });
      await fx.ok('ua/setUserAuthDisable', { authId: userAuth.authId, disabled: 0 });
      expect(await check(d1, granted.token)).toEqual({ allowed: true, reason: '' });
      await fx.ok('da/delDeviceFuncAuth', { authId: deviceAuth.authId });
      expect(await check(d1, granted.token)).toEqual({ allowed: false, reason: 'funcNotGrantedDevice' });
      // The refusals were recorded with their reason.
      const refusals = await tenantDb(s.db, propertyTenant(fx.demo))
        .selectFrom('security_func_records')
        .select('reason')
        .where('func_id', '=', shell)
        .where('kind', '=', 'refuse')
        .execute();
      expect(refusals.map((r) => r.reason).sort()).toEqual(['funcNotGrantedDevice', 'funcNotGrantedUser']);
    });

    it('gives exactly 10 tokens to 100 parallel asks on a pool of 10, and refuses the other 90 with the refill time', async () => {
      const func = (
        await fx.ok('func/saveFunc', {
          sid,
          code: 'factory.mode',
          nameZh: '工厂模式',
          nameEn: 'Factory mode',
          risk: 'critical',
        })
      ).funcId as string;
      await fx.ok('ua/addUserAuth', { sid, funcId: func, subjectType: 1, subjectIdList: [fx.member.uid] });
      await fx.ok('da/addDeviceFuncAuth', { sid, funcId: func, targetType: 'device', deviceIdList: [d1.deviceId] });
      await fx.ok('grantPool/saveGrantPool', { sid, funcId: func, period: 'day', quota: 10 });
      const caller: Caller = { t: propertyTenant(fx.demo), uid: fx.member.uid, locale: 'en', reach: () => null };
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, () => issueFuncToken(s, caller, { deviceId: d1.deviceId, funcId: func })),
      );
      const issued = results.filter((r) => r.status === 'fulfilled');
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(issued).toHaveLength(10);
      expect(refused).toHaveLength(90);
      for (const e of refused) expect(e instanceof AppError && e.key).toBe('grantPoolEmpty');
      expect((refused[0] as AppError).params.until).toMatch(/^\d{4}-\d\d-\d\d 00:00 UTC$/);
      const records = await tenantDb(s.db, propertyTenant(fx.demo))
        .selectFrom('security_func_records')
        .select(['kind', 'source'])
        .where('func_id', '=', func)
        .execute();
      expect(records.filter((r) => r.kind === 'issue' && r.source === 'grant')).toHaveLength(10);
      expect(records.filter((r) => r.kind === 'refuse')).toHaveLength(90);
    });

    it('serves Mender devices the same: certificates, the check and the use report', async () => {
      const enrolmentKey = (await fx.ok('di/resetEnrolmentKey', {})).key as string;
      const m = await fx.menderDeviceAt('1.0.0', { enrolmentKey, prefix: 'tok-m' });
      const mender = (method: 'GET' | 'POST', path: string, body?: unknown) => {
        env().advance(1001);
        return env().app.inject({
          method,
          url: `/api/devices/v1/keel/security/${path}`,
          headers: {
            authorization: m.auth,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      };
      const certs = await mender('GET', 'certificate');
      expect(certs.statusCode).toBe(200);
      expect(certs.json().certificates.map((c: { alg: string }) => c.alg)).toEqual(['ES256', 'SM2SM3']);
      const { token } = await issue(m.deviceId, adb);
      expect((await mender('POST', 'check', { token })).json()).toEqual({ allowed: true, reason: '' });
      expect((await mender('POST', 'check', { token: (await issue(d1.deviceId, adb)).token })).json()).toEqual({
        allowed: false,
        reason: 'wrongDevice',
      });
      expect((await mender('POST', 'uses', { token, responseCode: 'ok' })).statusCode).toBe(200);
      const replay = await mender('POST', 'uses', { token, responseCode: 'ok' });
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toMatchObject({ error: 'A use of this token was reported already' });
    });

    it("keeps the settings to their page's permissions and answers both certificates", async () => {
      const setting = await fx.ok('security/getSecuritySetting', {});
      expect(setting.certificates.map((c: { alg: string }) => c.alg)).toEqual(['ES256', 'SM2SM3']);
      for (const c of setting.certificates) {
        expect(c.pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
        expect(c.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
        expect(c.notAfter).toBeGreaterThan(c.notBefore);
      }
      let res = await fx.call('security/saveSecuritySetting', { algorithm: 'RS256', tokenTtlSeconds: 300 }, fx.owner);
      expect(res.status).toBe(Status.invalidInput);
      res = await fx.call('security/saveSecuritySetting', { algorithm: 'ES256', tokenTtlSeconds: 29 }, fx.owner);
      expect(res.status).toBe(Status.invalidInput);
      res = await fx.call('security/saveSecuritySetting', { algorithm: 'ES256', tokenTtlSeconds: 86_401 }, fx.owner);
      expect(res.status).toBe(Status.invalidInput);
      // The ordinary member holds neither the page nor its edit right.
      res = await fx.call('security/getSecuritySetting', {}, fx.member);
      expect(res.status).toBe(Status.forbidden);
      res = await fx.call('security/saveSecuritySetting', { algorithm: 'SM2SM3', tokenTtlSeconds: 300 }, fx.member);
      expect(res.status).toBe(Status.forbidden);
    });
  },
  { config: () => ({ DEVICE_POLL_SLEEP: '00:00:01' }) },
);

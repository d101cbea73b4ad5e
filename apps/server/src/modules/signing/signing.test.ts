import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNATURE_ALGORITHMS } from '@keel/contract/constants';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import yazl from 'yazl';
import { type DeviceFixture, deviceFixture, type Who } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';
import {
  SOFTHSM_LIB,
  SOFTHSM_TOOLS,
  softHsmConf,
  softHsmPresent,
  softHsmToken,
  softHsmTools,
} from '../../test/softhsm';
import { ALGORITHMS } from './crypto/algorithms';

/**
 * The signing service end to end: certificates of every key type, every SPEC §9 algorithm verified by the openssl
 * CLI (tampered input refused), APKs by apksigner, CMS by `openssl cms`, the authorisation matrix with revocation,
 * pipeline tokens, another property's objects, and no key material in any answer or log line.
 */

const dir = mkdtempSync(join(tmpdir(), 'keel-signing-'));
const openssl = (args: string[]) => spawnSync('openssl', args, { encoding: 'utf8' });

describeEachDb(
  'signing',
  (env) => {
    let fx: DeviceFixture;
    const certs: Record<string, string> = {};
    const call = (path: string, input: Record<string, unknown>, who: Who | null = fx.owner) =>
      fx.call(path as never, input, who);
    const ok = (path: string, input: Record<string, unknown>, who: Who | null = fx.owner) =>
      fx.ok(path as never, input, who);
    const logLines: string[] = [];

    const upload = async (
      path: string,
      query: Record<string, string>,
      name: string,
      bytes: Buffer,
      headers: Record<string, string>,
    ) => {
      const boundary = 'keelsigningtest';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await env().app.inject({
        method: 'POST',
        url: `/api/${path}?${new URLSearchParams(query)}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en', ...headers },
        payload,
      });
      return res.json() as { status: number; msg: string; data: Record<string, unknown> & { signature: string } };
    };
    const pemOf = async (certId: string) => (await ok('cert/getCertInfo', { certId })).certPem as string;

    beforeAll(async () => {
      fx = await deviceFixture(env);
      const log = env().app.keel.log;
      for (const level of ['info', 'warn', 'error'] as const) {
        const original = log[level].bind(log);
        (log as unknown as Record<string, unknown>)[level] = (...args: unknown[]) => {
          logLines.push(JSON.stringify(args));
          return (original as (...a: unknown[]) => void)(...args);
        };
      }
      for (const [keyType, extra] of [
        ['RSA', { keyBits: 2048 }],
        ['EC', { curve: 'P-256' }],
        ['SM2', {}],
      ] as const) {
        const made = await ok('cert/generateCert', {
          name: `Work ${keyType}`,
          keyType,
          ...extra,
          subject: { CN: `Keel ${keyType}`, O: 'Keel', C: 'CN' },
          days: 365,
        });
        certs[keyType] = made.certId;
      }
    });

    it('generates certificates of every key type and shows them without key material', async () => {
      const list = await ok('cert/getCertList', {});
      expect(list.total).toBeGreaterThanOrEqual(3);
      const info = await ok('cert/getCertInfo', { certId: certs.SM2 });
      expect(info).toMatchObject({
        keyType: 'SM2',
        curve: 'SM2',
        signatureAlgorithm: 'SM3WITHSM2',
        state: 'active',
        selfSigned: 1,
      });
      expect(info.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      expect(info.algorithmList).toEqual(['SM3WITHSM2']);
      for (const t of ['RSA', 'EC', 'SM2']) {
        const pem = await pemOf(certs[t] as string);
        writeFileSync(join(dir, `${t}.crt`), pem);
        const v = openssl(['verify', '-CAfile', join(dir, `${t}.crt`), join(dir, `${t}.crt`)]);
        expect(v.stdout, v.stderr).toContain('OK');
        execFileSync('sh', ['-c', `openssl x509 -in ${dir}/${t}.crt -pubkey -noout > ${dir}/${t}.pub`]);
      }
      const tree = await ok('cs/getCertTreeList', {});
      expect(tree.length).toBeGreaterThanOrEqual(3);
      // The sealed key is in the database, never in an answer.
      const row = await env()
        .app.keel.db.withoutPlugins()
        .selectFrom('signing_certs')
        .select('sealed_key')
        .where('cert_id', '=', certs.RSA as string)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.sealed_key as string)).toMatchObject({ v: 1 });
      expect(JSON.stringify(list)).not.toContain('PRIVATE');
    });

    it('makes a CSR, takes the issued certificate, and imports PEM and PKCS#12', async () => {
      const csr = await ok('cert/generateCert', {
        name: 'By CSR',
        keyType: 'EC',
        subject: { CN: 'csr.keel' },
        mode: 'csr',
      });
      const info = await ok('cert/getCertInfo', { certId: csr.certId });
      expect(info.state).toBe('csr');
      writeFileSync(join(dir, 'req.csr'), info.csrPem);
      execFileSync(
        'openssl',
        [
          'req',
          '-new',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          join(dir, 'ca.key'),
          '-out',
          join(dir, 'ca.crt'),
          '-subj',
          '/CN=Test CA',
          '-days',
          '30',
        ],
        { stdio: 'ignore' },
      );
      execFileSync(
        'openssl',
        [
          'x509',
          '-req',
          '-in',
          join(dir, 'req.csr'),
          '-CA',
          join(dir, 'ca.crt'),
          '-CAkey',
          join(dir, 'ca.key'),
          '-CAcreateserial',
          '-out',
          join(dir, 'issued.crt'),
          '-days',
          '20',
        ],
        { stdio: 'ignore' },
      );
      const issued = readFileSync(join(dir, 'issued.crt'));
      await ok('cert/importCert', { certId: csr.certId, format: 'pem', content: issued.toString('base64') });
      const after = await ok('cert/getCertInfo', { certId: csr.certId });
      expect(after).toMatchObject({ state: 'active', issuer: 'CN=Test CA', expiringSoon: 1 });
      // The CA itself, then the chain.
      const ca = await ok('cert/importCert', {
        format: 'pem',
        content: readFileSync(join(dir, 'ca.crt')).toString('base64'),
      });
      const chained = await ok('cert/getCertInfo', { certId: csr.certId });
      expect(chained.chain).toEqual([expect.objectContaining({ certId: ca.certId })]);
      const expiring = await ok('cert/getCertList', { expiring: 1 });
      expect(expiring.list.map((c: { certId: string }) => c.certId)).toContain(csr.certId);
      // PKCS#12 with its password; the wrong one is refused.
      execFileSync(
        'openssl',
        [
          'req',
          '-new',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-384',
          '-nodes',
          '-keyout',
          join(dir, 'p.key'),
          '-out',
          join(dir, 'p.crt'),
          '-subj',
          '/CN=P12',
          '-days',
          '100',
        ],
        { stdio: 'ignore' },
      );
      execFileSync('openssl', [
        'pkcs12',
        '-export',
        '-in',
        join(dir, 'p.crt'),
        '-inkey',
        join(dir, 'p.key'),
        '-passout',
        'pass:s3cret',
        '-out',
        join(dir, 'p.p12'),
      ]);
      const p12 = readFileSync(join(dir, 'p.p12')).toString('base64');
      const wrong = await call('cert/importCert', { format: 'p12', content: p12, password: 'nope' });
      expect(wrong.status).toBe(Status.invalidInput);
      const good = await ok('cert/importCert', { format: 'p12', content: p12, password: 's3cret', name: 'From P12' });
      const p12info = await ok('cert/getCertInfo', { certId: good.certId });
      expect(p12info).toMatchObject({ keyType: 'EC', curve: 'P-384', keySource: 'soft' });
      const again = await call('cert/importCert', { format: 'p12', content: p12, password: 's3cret' });
      expect(again.status).toBe(Status.conflict);
      // The expiry job tells the owner once.
      const { warnExpiring } = await import('./service');
      expect(await warnExpiring(env().app.keel)).toBeGreaterThanOrEqual(1);
      expect(await warnExpiring(env().app.keel)).toBe(0);
      const news = await ok('news/getMyNewsList', {}, { ...fx.owner, pno: undefined } as Who);
      expect(JSON.stringify(news)).toContain('By CSR');
    });

    it('signs with every SPEC algorithm; openssl verifies each, and refuses a tampered artifact', async () => {
      const data = Buffer.from(`firmware image ${Date.now()}\n`.repeat(50));
      writeFileSync(join(dir, 'artifact.bin'), data);
      const tampered = Buffer.from(data);
      tampered[10] = (tampered[10] as number) ^ 1;
      writeFileSync(join(dir, 'tampered.bin'), tampered);
      const module = await ok('sm/addSignModule', { name: 'Raw all', signType: 'raw', algorithm: 'SHA256WITHRSA' });
      await ok('ca/addUsers', { certId: certs.RSA, uidList: [fx.owner.uid] });
      await ok('ca/addUsers', { certId: certs.EC, uidList: [fx.owner.uid] });
      await ok('ca/addUsers', { certId: certs.SM2, uidList: [fx.owner.uid] });
      for (const alg of SIGNATURE_ALGORITHMS) {
        const def = ALGORITHMS[alg];
        const certId = certs[def.keyType] as string;
        await ok('cs/saveCertSignRel', { moduleId: module.moduleId, certId, algorithm: alg });
        const signed = await upload('sign/signUpload', { moduleId: module.moduleId, certId }, 'artifact.bin', data, {
          token: fx.owner.token,
          pno: fx.demo,
        });
        expect(signed.status, `${alg}: ${signed.msg}`).toBe(0);
        expect(signed.data).toMatchObject({
          algorithm: alg,
          artifactSha256: createHash('sha256').update(data).digest('hex'),
        });
        const sig = join(dir, `${alg}.sig`);
        writeFileSync(sig, Buffer.from(signed.data.signature, 'base64'));
        const pub = join(dir, `${def.keyType}.pub`);
        const verify = (file: string) =>
          def.keyType === 'SM2'
            ? openssl([
                'pkeyutl',
                '-verify',
                '-rawin',
                '-digest',
                'sm3',
                '-pkeyopt',
                'distid:1234567812345678',
                '-pubin',
                '-inkey',
                pub,
                '-in',
                file,
                '-sigfile',
                sig,
              ])
            : openssl(['dgst', `-${def.digest}`, '-verify', pub, '-signature', sig, file]);
        const good = verify(join(dir, 'artifact.bin'));
        expect(good.status, `${alg}: ${good.stdout}${good.stderr}`).toBe(0);
        expect(verify(join(dir, 'tampered.bin')).status, `${alg} tampered`).not.toBe(0);
        // The same by digest.
        if (def.keyType !== 'SM2') {
          const hash = createHash(def.digest).update(data).digest('hex');
          const byHash = await ok('sign/signFile', { moduleId: module.moduleId, certId, hash, name: 'artifact.bin' });
          writeFileSync(sig, Buffer.from(byHash.signature, 'base64'));
          expect(verify(join(dir, 'artifact.bin')).status, `${alg} by hash`).toBe(0);
        }
      }
      const records = await ok('sign/getSignRecordList', { moduleId: module.moduleId, pageSize: 100 });
      expect(records.total).toBeGreaterThanOrEqual(12);
      expect(records.list[0]).toMatchObject({ requesterUid: fx.owner.uid, via: 'console' });
      expect(records.list[0].fingerprint).toMatch(/:/);
      const link = await ok('sign/getSignatureDownloadUrl', { sigId: records.list[0].sigId });
      const download = await env().app.inject({ method: 'GET', url: link.url });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBe(records.list[0].outputSize);
      const filters = await ok('cs/getFilters', {});
      expect(
        filters.algorithmList.filter((a: { weak: number }) => a.weak).map((a: { algorithm: string }) => a.algorithm),
      ).toEqual(['MD5WITHRSA', 'SHA1WITHRSA', 'SHA1WITHECDSA']);
    });

    it('imports an SM2 key and certificate from PKCS#12 (openssl) and signs SM3WITHSM2 that openssl verifies', async () => {
      const key = join(dir, 'sm2p12.key');
      const crt = join(dir, 'sm2p12.crt');
      const p12File = join(dir, 'sm2.p12');
      execFileSync('openssl', ['genpkey', '-algorithm', 'SM2', '-out', key]);
      execFileSync('openssl', [
        'req',
        ...['-new', '-x509', '-key', key, '-sm3', '-sigopt', 'distid:1234567812345678'],
        ...['-subj', '/CN=SM2 in PKCS12', '-days', '60', '-out', crt],
      ]);
      execFileSync('openssl', [
        'pkcs12',
        '-export',
        '-in',
        crt,
        '-inkey',
        key,
        '-passout',
        'pass:gm-p12',
        '-out',
        p12File,
      ]);
      const content = readFileSync(p12File).toString('base64');
      const made = await ok('cert/importCert', { format: 'p12', content, password: 'gm-p12', name: 'SM2 P12' });
      expect(await ok('cert/getCertInfo', { certId: made.certId })).toMatchObject({
        keyType: 'SM2',
        curve: 'SM2',
        keySource: 'soft',
        signatureAlgorithm: 'SM3WITHSM2',
        algorithmList: ['SM3WITHSM2'],
      });
      const module = await ok('sm/addSignModule', { name: 'SM2 from P12', signType: 'raw', algorithm: 'SM3WITHSM2' });
      await ok('cs/saveCertSignRel', { moduleId: module.moduleId, certId: made.certId });
      await ok('ca/addUsers', { certId: made.certId, uidList: [fx.owner.uid] });
      const data = Buffer.from(`国密 firmware ${Date.now()}\n`.repeat(40));
      const signed = await upload(
        'sign/signUpload',
        { moduleId: module.moduleId, certId: made.certId },
        'gm.bin',
        data,
        {
          token: fx.owner.token,
          pno: fx.demo,
        },
      );
      expect(signed.status, signed.msg).toBe(0);
      expect(signed.data.algorithm).toBe('SM3WITHSM2');
      writeFileSync(join(dir, 'gm.bin'), data);
      writeFileSync(join(dir, 'gm.sig'), Buffer.from(signed.data.signature, 'base64'));
      execFileSync('sh', ['-c', `openssl x509 -in ${crt} -pubkey -noout > ${dir}/sm2p12.pub`]);
      const verify = (file: string) =>
        openssl([
          ...['pkeyutl', '-verify', '-rawin', '-digest', 'sm3', '-pkeyopt', 'distid:1234567812345678'],
          ...['-pubin', '-inkey', join(dir, 'sm2p12.pub'), '-in', file, '-sigfile', join(dir, 'gm.sig')],
        ]);
      const good = verify(join(dir, 'gm.bin'));
      expect(good.status, good.stdout + good.stderr).toBe(0);
      const tampered = Buffer.from(data);
      tampered[0] = (tampered[0] as number) ^ 1;
      writeFileSync(join(dir, 'gm-tampered.bin'), tampered);
      expect(verify(join(dir, 'gm-tampered.bin')).status).not.toBe(0);
    });

    it('signs CMS detached, firmware manifests and APKs (v1 + v2)', async () => {
      const data = Buffer.from('setup.exe bytes '.repeat(100));
      writeFileSync(join(dir, 'setup.exe'), data);
      const cms = await ok('sm/addSignModule', { name: 'PC installers', signType: 'cms', algorithm: 'SHA256WITHRSA' });
      await ok('cs/saveCertSignRel', { moduleId: cms.moduleId, certId: certs.RSA });
      const p7 = await upload(
        'sign/signUpload',
        { moduleId: cms.moduleId, certId: certs.RSA as string },
        'setup.exe',
        data,
        { token: fx.owner.token, pno: fx.demo },
      );
      expect(p7.status, p7.msg).toBe(0);
      writeFileSync(join(dir, 'setup.p7s'), Buffer.from(p7.data.signature, 'base64'));
      const v = openssl([
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(dir, 'setup.p7s'),
        '-content',
        join(dir, 'setup.exe'),
        '-CAfile',
        join(dir, 'RSA.crt'),
        '-out',
        '/dev/null',
      ]);
      expect(v.status, v.stderr).toBe(0);

      const fw = await ok('sm/addSignModule', { name: 'Firmware', signType: 'firmware', algorithm: 'SM3WITHSM2' });
      await ok('cs/saveCertSignRel', { moduleId: fw.moduleId, certId: certs.SM2 });
      const manifest = await upload(
        'sign/signUpload',
        { moduleId: fw.moduleId, certId: certs.SM2 as string },
        'fw.img',
        data,
        { token: fx.owner.token, pno: fx.demo },
      );
      expect(manifest.status, manifest.msg).toBe(0);
      const doc = JSON.parse(Buffer.from(manifest.data.signature, 'base64').toString('utf8'));
      expect(JSON.parse(doc.payload)).toMatchObject({
        sha256: createHash('sha256').update(data).digest('hex'),
        algorithm: 'SM3WITHSM2',
      });
      writeFileSync(join(dir, 'payload.json'), doc.payload);
      writeFileSync(join(dir, 'payload.sig'), Buffer.from(doc.signature, 'base64'));
      const mv = openssl([
        'pkeyutl',
        '-verify',
        '-rawin',
        '-digest',
        'sm3',
        '-pkeyopt',
        'distid:1234567812345678',
        '-pubin',
        '-inkey',
        join(dir, 'SM2.pub'),
        '-in',
        join(dir, 'payload.json'),
        '-sigfile',
        join(dir, 'payload.sig'),
      ]);
      expect(mv.status, mv.stderr).toBe(0);

      const apkModule = await ok('sm/addSignModule', {
        name: 'Android apps',
        signType: 'apk',
        algorithm: 'SHA256WITHRSA',
      });
      const weakApk = await call('sm/addSignModule', { name: 'Bad apk', signType: 'apk', algorithm: 'MD5WITHRSA' });
      expect(weakApk.status).toBe(Status.conflict);
      await ok('cs/saveCertSignRel', { moduleId: apkModule.moduleId, certId: certs.RSA });
      const zip = new yazl.ZipFile();
      zip.addBuffer(Buffer.from('<manifest/>'), 'AndroidManifest.xml');
      zip.addBuffer(Buffer.alloc(1_500_000, 3), 'assets/data.bin', { compress: false });
      zip.addBuffer(Buffer.from('dex\n035'), 'classes.dex');
      zip.end();
      const parts: Buffer[] = [];
      for await (const c of zip.outputStream) parts.push(c as Buffer);
      const signed = await upload(
        'sign/signUpload',
        { moduleId: apkModule.moduleId, certId: certs.RSA as string },
        'app.apk',
        Buffer.concat(parts),
        { token: fx.owner.token, pno: fx.demo },
      );
      expect(signed.status, signed.msg).toBe(0);
      expect(signed.data.outputName).toBe('app-signed.apk');
      const link = await ok('sign/getSignatureDownloadUrl', { sigId: signed.data.sigId });
      const apk = (await env().app.inject({ method: 'GET', url: link.url })).rawPayload;
      writeFileSync(join(dir, 'app-signed.apk'), apk);
      if (!realTools('apksigner')) return;
      recordRealToolRun('signing: apksigner verifies a signed APK', ['apksigner']);
      const out = spawnSync('apksigner', ['verify', '-v', '--min-sdk-version', '18', join(dir, 'app-signed.apk')], {
        encoding: 'utf8',
      });
      expect(out.status, out.stdout + out.stderr).toBe(0);
      expect(out.stdout).toContain('Verified using v1 scheme (JAR signing): true');
      expect(out.stdout).toContain('Verified using v2 scheme (APK Signature Scheme v2): true');
    });

    it('refuses a member without an authorisation; each of the four kinds and USB keys grant; revocation bites at once', async () => {
      const module = await ok('sm/addSignModule', { name: 'Matrix', signType: 'raw', algorithm: 'SHA256WITHECDSA' });
      const rel = await ok('cs/saveCertSignRel', { moduleId: module.moduleId, certId: certs.EC });
      const hash = createHash('sha256').update('x').digest('hex');
      const sign = (who: Who) => call('sign/signFile', { moduleId: module.moduleId, certId: certs.EC, hash }, who);
      expect((await sign(fx.member)).status).toBe(Status.forbidden);
      expect(await ok('sign/getSignOptions', {}, fx.member)).toEqual([]);

      // 1: the user, through a collection.
      const pc = await ok('pc/savePermCollection', {
        name: 'Matrix set',
        signType: 'raw',
        type: 2,
        relIdList: [rel.relId],
      });
      const granted = await ok('pcau/addPermCollectionAuth', {
        pcId: pc.pcId,
        authType: 1,
        subjectIdList: [fx.member.uid],
      });
      expect(granted.added).toBe(1);
      expect((await sign(fx.member)).status).toBe(0);
      const options = await ok('sign/getSignOptions', {}, fx.member);
      expect(options[0]).toMatchObject({
        moduleId: module.moduleId,
        certList: [expect.objectContaining({ certId: certs.EC })],
      });
      const auths = await ok('pcau/getPermCollectionAuthList', { pcId: pc.pcId });
      await ok('pcau/delPermCollectionAuth', { pcId: pc.pcId, authIdList: [auths.list[0].authId] });
      expect((await sign(fx.member)).status).toBe(Status.forbidden);

      // 2: a title, through a collection group.
      const title = await ok('t/addOrUpdateTitle', { name: `Signers ${Date.now()}` });
      await ok('t/addTitleUser', { tid: title.tid, uidList: [fx.member.uid] });
      const grp = await ok('pcg/savePermCollectionGroup', { name: 'Matrix group', pcIdList: [pc.pcId] });
      await ok('pcau/addPermCollectionGroupAuth', { groupId: grp.groupId, authType: 2, subjectIdList: [title.tid] });
      expect((await sign(fx.member)).status).toBe(0);
      const gAuths = await ok('pcau/getPermCollectionGroupAuthList', { groupId: grp.groupId });
      expect(gAuths.list[0]).toMatchObject({ authType: 2, subjectName: expect.stringContaining('Signers') });
      await ok('pcau/delPermCollectionGroupAuth', { groupId: grp.groupId, authIdList: [gAuths.list[0].authId] });
      expect((await sign(fx.member)).status).toBe(Status.forbidden);

      // 3: a user set, on the certificate (ca/).
      const setName = `Set ${Date.now()}`;
      const set = await ok('us/addOrUpdateUserSet', { name: setName });
      await ok('us/addUserSetUser', { usid: set.usid, uidList: [fx.member.uid] });
      await ok('ca/addUserSets', { certId: certs.EC, usidList: [set.usid] });
      expect((await sign(fx.member)).status).toBe(0);
      const setAuths = await ok('ca/getUserSetList', { certId: certs.EC });
      expect(setAuths.list[0]).toMatchObject({ authType: 3, subjectName: setName });
      const found = await ok('ca/getUserSetList', { certId: certs.EC, str: setName.toLowerCase() });
      expect(found.list.map((a: { subjectId: string }) => a.subjectId)).toEqual([set.usid]);
      expect((await ok('ca/getUserSetList', { certId: certs.EC, str: 'no such subject' })).list).toEqual([]);
      await ok('ca/delUserSet', { certId: certs.EC, authIdList: [setAuths.list[0].authId] });
      expect((await sign(fx.member)).status).toBe(Status.forbidden);

      // 4: the unit (the root: every member).
      await ok('ca/addOrgs', { certId: certs.EC, oidList: [`root-${fx.demo}`] });
      expect((await sign(fx.member)).status).toBe(0);
      const orgAuths = await ok('ca/getOrgList', { certId: certs.EC });
      await ok('ca/delOrg', { certId: certs.EC, authIdList: [orgAuths.list[0].authId] });
      expect((await sign(fx.member)).status).toBe(Status.forbidden);

      // A module editor sees every record; a member their own.
      const mine = await ok('sign/getSignRecordList', {}, fx.member);
      expect(mine.list.every((r: { requesterUid: string }) => r.requesterUid === fx.member.uid)).toBe(true);
      // Not bound: refused as such.
      const other = await ok('sm/addSignModule', { name: 'Unbound', signType: 'raw', algorithm: 'SHA256WITHRSA' });
      expect((await call('sign/signFile', { moduleId: other.moduleId, certId: certs.EC, hash })).status).toBe(
        Status.conflict,
      );
    });

    it('signs from a build pipeline with a personal access token, and refuses a revoked one', async () => {
      const module = await ok('sm/addSignModule', { name: 'Pipeline', signType: 'raw', algorithm: 'SHA512WITHRSA' });
      await ok('cs/saveCertSignRel', { moduleId: module.moduleId, certId: certs.RSA });
      const made = await ok('pat/addToken', { name: 'CI', days: 30 });
      expect(made.token).toMatch(/^kst_/);
      const data = Buffer.from('pipeline artifact');
      const signed = await upload(
        'sign/pipelineSign',
        { moduleId: module.moduleId, certId: certs.RSA as string },
        'a.bin',
        data,
        { authorization: `Bearer ${made.token}` },
      );
      expect(signed.status, signed.msg).toBe(0);
      expect(signed.data).toMatchObject({ via: 'pipeline', requesterUid: fx.owner.uid });
      expect(String(signed.data.downloadUrl)).toMatch(/^\/api\/signature\//);
      const tokens = await ok('pat/getTokenList', {});
      expect(tokens[0]).toMatchObject({ name: 'CI' });
      expect(JSON.stringify(tokens)).not.toContain(made.token);
      await ok('pat/delToken', { tokenId: made.tokenId });
      const refused = await upload(
        'sign/pipelineSign',
        { moduleId: module.moduleId, certId: certs.RSA as string },
        'a.bin',
        data,
        { authorization: `Bearer ${made.token}` },
      );
      expect(refused.status).toBe(Status.sessionExpired);
    });

    it("answers 'not found' for another property's certificate, module and collection", async () => {
      const partner = { ...fx.operator };
      await ok('pro/authPropertyBusiness', { pno: fx.partner, businessList: ['signing', 'ukey', 'terminal'] }, {
        ...fx.operator,
        pno: undefined,
      } as Who);
      const theirs = await call(
        'cert/generateCert',
        { name: 'Partner cert', keyType: 'EC', subject: { CN: 'partner' } },
        partner,
      );
      expect(theirs.status, theirs.msg).toBe(0);
      for (const [path, input] of [
        ['cert/getCertInfo', { certId: theirs.data.certId }],
        ['cert/delCert', { certId: theirs.data.certId }],
        ['ca/addUsers', { certId: theirs.data.certId, uidList: [fx.owner.uid] }],
        ['cs/saveCertSignRel', { moduleId: 'x', certId: theirs.data.certId }],
      ] as const) {
        expect((await call(path, input)).status, path).toBe(Status.notFound);
      }
      const list = await ok('cert/getCertList', { pageSize: 100 });
      expect(JSON.stringify(list)).not.toContain(theirs.data.certId);
    });

    it('never shows or logs key material', async () => {
      const rows = await env()
        .app.keel.db.withoutPlugins()
        .selectFrom('signing_certs')
        .select(['sealed_key', 'cert_id'])
        .execute();
      const everything = JSON.stringify(await ok('cert/getCertList', { pageSize: 100 }));
      for (const r of rows) {
        if (!r.sealed_key) continue;
        const sealed = JSON.parse(r.sealed_key) as { dek: string; data: string };
        expect(everything).not.toContain(sealed.data.slice(0, 24));
        expect(logLines.join('\n')).not.toContain(sealed.data.slice(0, 24));
      }
      expect(logLines.join('\n')).not.toMatch(/PRIVATE KEY|sealed_key|"d":/);
      expect(logLines.join('\n')).toContain('signing: signed');
    });

    it('signs with a key held by a PKCS#11 token (SoftHSM2)', async () => {
      if (!softHsmTools()) return;
      recordRealToolRun('signing: PKCS#11 token (SoftHSM2)', SOFTHSM_TOOLS);
      if (!hsm) throw new Error('SoftHSM2 is here, but no token was made');
      const lib = SOFTHSM_LIB;
      const slots = await ok('uk/getPkcs11Slots', {});
      const token = slots[0].tokens[0];
      expect(token, JSON.stringify(slots)).toBeTruthy();
      const ukey = await ok('uk/addUkey', { name: 'HSM 1', modulePath: lib, serial: token.serial, pin: '1234' });
      const badPin = await call('uk/addUkey', { name: 'HSM 2', modulePath: lib, serial: token.serial, pin: '9999' });
      expect(badPin.status).toBe(Status.conflict);
      const notListed = await call('uk/addUkey', {
        name: 'HSM 3',
        modulePath: '/tmp/evil.so',
        serial: token.serial,
        pin: '1234',
      });
      expect(notListed.status).toBe(Status.forbidden);
      const keys = await ok('uk/getUkeyKeyList', { ukeyId: ukey.ukeyId });
      expect(keys).toEqual([expect.objectContaining({ keyId: 'a1', keyType: 'RSA' })]);
      const cert = await ok('uk/addUkeyCert', {
        ukeyId: ukey.ukeyId,
        keyId: 'a1',
        name: 'HSM cert',
        certificate: hsm.certPem,
      });
      // SM2 has no PKCS#11 mechanism (and SoftHSM2 cannot hold SM2 keys): refused, translated, nothing written.
      const sm2 = await fx.call(
        'uk/addUkeyCert' as never,
        { ukeyId: ukey.ukeyId, keyId: 'a1', name: 'HSM SM2', certificate: await pemOf(certs.SM2 as string) },
        fx.owner,
        { lang: 'zh-cn' },
      );
      expect(sm2.status).toBe(Status.conflict);
      expect(sm2.msg).toContain('Ukey 不支持 SM2 证书');
      expect((await ok('ca/getUkeyCertList', { ukeyId: ukey.ukeyId })).length).toBe(1);
      const module = await ok('sm/addSignModule', { name: 'HSM raw', signType: 'raw', algorithm: 'SHA256WITHRSA' });
      await ok('cs/saveCertSignRel', { moduleId: module.moduleId, certId: cert.certId });
      // Holders of the USB key (title 5 grants): the member holds the key, the key holds the certificate.
      await ok('uk/addUkeyAuth', { ukeyId: ukey.ukeyId, authType: 1, subjectIdList: [fx.member.uid] });
      await ok('ca/addUkeys', { certId: cert.certId, ukeyIdList: [ukey.ukeyId] });
      const data = Buffer.from('signed inside the token');
      const signed = await upload(
        'sign/signUpload',
        { moduleId: module.moduleId, certId: cert.certId },
        'hsm.bin',
        data,
        { token: fx.member.token, pno: fx.demo },
      );
      expect(signed.status, signed.msg).toBe(0);
      writeFileSync(join(dir, 'hsm.bin'), data);
      writeFileSync(join(dir, 'hsm.sig'), Buffer.from(signed.data.signature, 'base64'));
      const v = openssl([
        'dgst',
        '-sha256',
        '-verify',
        hsm.pubFile,
        '-signature',
        join(dir, 'hsm.sig'),
        join(dir, 'hsm.bin'),
      ]);
      expect(v.status, v.stderr).toBe(0);
      const certsOfKey = await ok('ca/getUkeyCertList', { ukeyId: ukey.ukeyId });
      expect(certsOfKey.map((c: { source: string }) => c.source)).toEqual(['token']);
      const list = await ok('uk/getUkeyList', {});
      expect(list.list[0]).toMatchObject({ online: 1, certCount: 1, authCount: 1 });
    });
  },
  {
    config: () => ({ SIGNING_PKCS11_MODULES: SOFTHSM_LIB }),
  },
);

/** A SoftHSM2 token with an RSA key (id a1) and its certificate, in a folder of this run (test/softhsm.ts). */
const hsmDir = mkdtempSync(join(tmpdir(), 'keel-hsm-'));
process.env.SOFTHSM2_CONF = softHsmConf(hsmDir);
const hsm = softHsmPresent() ? softHsmToken(hsmDir, { label: 'keel-test', keyType: 'RSA' }) : null;

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasTool, realTools } from './real-tools';

/**
 * SoftHSM2 tokens for tests (the signing API tests and the USB-key e2e spec share this): a SoftHSM2 configuration in
 * a folder of the run (its own token directory, so nothing touches the machine's tokens), and tokens initialised
 * there with a key and its self-signed certificate made by the openssl CLI. A process that loads the module must
 * have `SOFTHSM2_CONF` pointing at `conf` (the e2e server gets it from playwright.config.ts).
 */

export const SOFTHSM_LIB = '/usr/lib/softhsm/libsofthsm2.so';

/** The commands a SoftHSM2 test runs (Debian's softhsm2 and openssl). */
export const SOFTHSM_TOOLS: readonly string[] = ['softhsm2-util', 'openssl'];

/** Whether SoftHSM2 (its commands and its PKCS#11 module) is here, telling nobody: for a token made before the tests. */
export const softHsmPresent = () => SOFTHSM_TOOLS.every((t) => hasTool(t)) && existsSync(SOFTHSM_LIB);

/**
 * Whether a SoftHSM2 test can run: test/real-tools.ts `realTools`, so that without SoftHSM2 the test reports itself
 * skipped, and fails where the real tools are required. The PKCS#11 module counts as one of its tools: when the file
 * is missing, `realTools` is asked about its path (which it then finds missing).
 */
export const softHsmTools = () => realTools(...SOFTHSM_TOOLS) && (existsSync(SOFTHSM_LIB) || realTools(SOFTHSM_LIB));

/** The configuration file of a SoftHSM2 folder, made if missing (idempotent). */
export function softHsmConf(dir: string): string {
  const conf = join(dir, 'softhsm2.conf');
  if (!existsSync(conf)) {
    mkdirSync(join(dir, 'tokens'), { recursive: true });
    writeFileSync(conf, `directories.tokendir = ${dir}/tokens\nobjectstore.backend = file\nlog.level = ERROR\n`);
  }
  return conf;
}

export interface SoftHsmToken {
  conf: string;
  label: string;
  pin: string;
  /** CKA_ID of the key, hex. */
  keyId: string;
  /** The key's self-signed certificate (PEM) and public key files. */
  certFile: string;
  certPem: string;
  pubFile: string;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/**
 * Initialises a token `label` (PIN `pin`) in the folder's SoftHSM2 and imports a new key (RSA 2048 or EC P-256, id
 * `keyId`) whose certificate, with subject CN=`label`, is written next to it. (SoftHSM2 2.6 cannot hold SM2 keys:
 * `softhsm2-util --import` answers "Cannot handle this algorithm".)
 */
export function softHsmToken(
  dir: string,
  options: { label: string; keyType?: 'RSA' | 'EC'; pin?: string; keyId?: string },
): SoftHsmToken {
  const { label, keyType = 'RSA', pin = '1234', keyId = 'a1' } = options;
  const conf = softHsmConf(dir);
  const env = { ...process.env, SOFTHSM2_CONF: conf };
  run('softhsm2-util', ['--init-token', '--free', '--label', label, '--pin', pin, '--so-pin', '5678'], env);
  const base = join(dir, label);
  const keyFile = `${base}.key`;
  if (keyType === 'RSA')
    run('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', keyFile]);
  else run('openssl', ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', keyFile]);
  const certFile = `${base}.crt`;
  run('openssl', ['req', '-new', '-x509', '-key', keyFile, '-subj', `/CN=${label}`, '-days', '30', '-out', certFile]);
  const pubFile = `${base}.pub`;
  run('openssl', ['pkey', '-in', keyFile, '-pubout', '-out', pubFile]);
  // softhsm2-util reads PKCS#8.
  const p8 = `${base}.p8`;
  run('openssl', ['pkcs8', '-topk8', '-nocrypt', '-in', keyFile, '-out', p8]);
  run('softhsm2-util', ['--import', p8, '--token', label, '--label', `${label}-key`, '--id', keyId, '--pin', pin], env);
  return { conf, label, pin, keyId, certFile, certPem: readFileSync(certFile, 'utf8'), pubFile };
}

import { execFileSync } from 'node:child_process';
import { verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Builders of vendor artifacts for tests and the bench: a cpio "newc" archive (SWUpdate's `.swu`), a detached CMS
 * signature and a self-signed certificate through Debian's `openssl`, and Mender artifacts through Debian's
 * `mender-artifact` (a test that uses them asks test/real-tools.ts `realTools` first); `manifestVerifies` checks a
 * package's signed manifest.
 */

/** Whether a package's signed manifest (`sw/getSwInfo`'s `manifest`) verifies with the public key (PEM). */
export const manifestVerifies = (m: { manifest: string; signature: string }, publicKey: string) =>
  verify(null, Buffer.from(m.manifest), publicKey, Buffer.from(m.signature, 'base64'));

/** A cpio newc archive of the entries, in order, with its trailer. */
export function cpioNewc(entries: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const parts: Buffer[] = [];
  const pad = (n: number) => Buffer.alloc((4 - (n % 4)) % 4);
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  let ino = 1;
  for (const e of [...entries, { name: 'TRAILER!!!', data: Buffer.alloc(0) }]) {
    const name = Buffer.from(`${e.name}\0`);
    const fields = [ino++, 0o100644, 0, 0, 1, 0, e.data.length, 0, 0, 0, 0, name.length, 0];
    const header = Buffer.from(`070701${fields.map(hex).join('')}`, 'latin1');
    parts.push(header, name, pad(header.length + name.length), e.data, pad(e.data.length));
  }
  return Buffer.concat(parts);
}

/** A self-signed certificate and its key (PEM), made with openssl. */
export function selfSigned(cn: string) {
  const dir = mkdtempSync(join(tmpdir(), 'keel-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'k.pem',
        '-out',
        'c.pem',
        '-days',
        '30',
        '-subj',
        `/CN=${cn}`,
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'k.pem'), 'utf8'), cert: readFileSync(join(dir, 'c.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The detached CMS signature (DER) of `content`, as SWUpdate's `openssl cms -sign … -binary -outform DER`. */
export function cmsSign(content: Buffer, signer: { key: string; cert: string }): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'keel-cms-'));
  try {
    writeFileSync(join(dir, 'in'), content);
    writeFileSync(join(dir, 'k.pem'), signer.key);
    writeFileSync(join(dir, 'c.pem'), signer.cert);
    execFileSync(
      'openssl',
      [
        'cms',
        '-sign',
        '-in',
        'in',
        '-out',
        'sig',
        '-signer',
        'c.pem',
        '-inkey',
        'k.pem',
        '-outform',
        'DER',
        '-nosmimecap',
        '-binary',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'sig'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An SWUpdate image: sw-description naming one payload file with its SHA-256 (installed at `path`, by the handler
 * `type` when given, for boards of hardware revision `hardware`), signed when a signer is given.
 */
export function swuImage(
  payload: Buffer,
  o: {
    version: string;
    sha256: string;
    signer?: { key: string; cert: string };
    hardware?: string;
    path?: string;
    type?: string;
  },
): Buffer {
  const description = Buffer.from(`software =
{
  version = "${o.version}";
  hardware-compatibility: [ "${o.hardware ?? '1.0'}" ];
  files: (
    {
      filename = "payload.bin";
      path = "${o.path ?? '/tmp/keel-payload.bin'}";
${o.type ? `      type = "${o.type}";\n` : ''}      sha256 = "${o.sha256}";
    }
  );
}
`);
  const entries: Array<{ name: string; data: Buffer }> = [{ name: 'sw-description', data: description }];
  if (o.signer) entries.push({ name: 'sw-description.sig', data: cmsSign(description, o.signer) });
  entries.push({ name: 'payload.bin', data: payload });
  return cpioNewc(entries);
}

/** A Mender single-file artifact made by `mender-artifact`, signed with `keyPem` when given. */
export function menderArtifact(payload: Buffer, name: string, keyPem?: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'keel-mender-'));
  try {
    writeFileSync(join(dir, 'payload.bin'), payload);
    const args = [
      'write',
      'module-image',
      '-T',
      'single-file',
      '-n',
      name,
      '-t',
      'keel-model',
      '-f',
      'payload.bin',
      '-o',
      'a.mender',
    ];
    if (keyPem) {
      writeFileSync(join(dir, 'k.pem'), keyPem);
      args.push('-k', 'k.pem');
    }
    execFileSync('mender-artifact', args, { cwd: dir, stdio: 'ignore' });
    return readFileSync(join(dir, 'a.mender'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An artifact for the `single-file` update module Debian's mender-client ships (/usr/share/mender/modules/v3), as
 * its `single-file-artifact-gen` makes one: `mender-artifact write module-image -T single-file` with the files
 * `dest_dir` (where to install), `filename` (the installed file's name), `permissions` and the file itself.
 */
export function singleFileArtifact(o: {
  name: string;
  deviceType: string;
  destDir: string;
  fileName: string;
  content: Buffer;
}): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'keel-single-file-'));
  try {
    writeFileSync(join(dir, 'dest_dir'), `${o.destDir}\n`);
    writeFileSync(join(dir, 'filename'), `${o.fileName}\n`);
    writeFileSync(join(dir, 'permissions'), '644\n');
    writeFileSync(join(dir, o.fileName), o.content);
    execFileSync(
      'mender-artifact',
      [
        'write',
        'module-image',
        '-T',
        'single-file',
        '-t',
        o.deviceType,
        '-n',
        o.name,
        '-f',
        'dest_dir',
        '-f',
        'filename',
        '-f',
        'permissions',
        '-f',
        o.fileName,
        '-o',
        'a.mender',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'a.mender'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

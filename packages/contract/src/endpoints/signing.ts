import { z } from 'zod';
import { SIGNATURE_ALGORITHMS } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { searchText } from './member-group';

/**
 * The signing service: certificates and their keys, sign modules bound to certificates (`cs/`) and
 * platforms (`cp/`), permission collections (`pc/`) and their groups (`pcg/`), who may sign (`pcau/`, `ca/`), USB keys
 * (`uk/`), the sign call itself, its records, and personal access tokens for build pipelines. Paths not in the spec
 * are marked `ours`. Model: apps/server/src/modules/signing/README.md.
 */

export const SIGNING_BUSINESS = 'signing';
export const UKEY_BUSINESS = 'ukey';
export const SIGNING_PERMISSIONS = {
  module: 'signing.module',
  moduleEdit: 'signing.module.edit',
  cert: 'signing.cert',
  certEdit: 'signing.cert.edit',
  certAuth: 'signing.certAuth',
  certAuthEdit: 'signing.certAuth.edit',
  collection: 'signing.permissionSet',
  collectionEdit: 'signing.permissionSet.edit',
  group: 'signing.permissionGroup',
  groupEdit: 'signing.permissionGroup.edit',
  groupAuth: 'signing.groupAuth',
  groupAuthEdit: 'signing.groupAuth.edit',
  ukey: 'ukey.manage',
  ukeyEdit: 'ukey.manage.edit',
} as const;
const P = SIGNING_PERMISSIONS;

export const SIGN_TYPES = ['raw', 'firmware', 'apk', 'cms'] as const;
export type SignType = (typeof SIGN_TYPES)[number];
export const KEY_TYPES = ['RSA', 'EC', 'SM2'] as const;
/** Authorisation subjects: SPEC §3's four kinds and USB keys. */
export const SIGN_AUTH_TYPES = { users: 1, titles: 2, userSets: 3, orgs: 4, ukeys: 5 } as const;
/** Certificates expiring within this many days are flagged and their owners told. */
export const CERT_EXPIRY_WARN_DAYS = 30;
/** Largest file the console or a pipeline uploads for signing. */
export const SIGN_UPLOAD_MAX = 256 * 1024 * 1024;
export const SIGN_UPLOAD_PATH = 'sign/signUpload';
export const PIPELINE_PATH = 'sign/pipelineSign';

const name = () => z.string().trim().min(1).max(60);
const remark = () => z.string().trim().max(200).default('');
const algorithm = () => z.enum(SIGNATURE_ALGORITHMS);
const signType = () => z.enum(SIGN_TYPES);
const authType = () => int().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]));
const idList = () =>
  z
    .array(z.string().trim().min(1).max(64))
    .min(1)
    .max(200)
    .transform((ids) => [...new Set(ids)]);
const refList = (kind: Parameters<typeof ref>[0]) =>
  z
    .array(ref(kind))
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]);

const read = (permission: string | readonly string[], business = SIGNING_BUSINESS) =>
  ({ kind: 'property', permission, business }) as const;
/** Every member of a property with the signing business: their own signing, its options, records and tokens. */
const member = { kind: 'property', business: SIGNING_BUSINESS } as const;

export const certItem = z.object({
  certId: z.string(),
  name: z.string(),
  /** active | csr (the key waits for its issued certificate) */
  state: z.enum(['active', 'csr']),
  /** soft (sealed by Keel) | ukey (in a USB key / HSM) | none (a certificate without its key) */
  keySource: z.enum(['soft', 'ukey', 'none']),
  ukeyId: z.string().nullable(),
  keyType: z.enum(KEY_TYPES),
  keyBits: z.number().int(),
  curve: z.string().nullable(),
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  notBefore: z.number().int(),
  notAfter: z.number().int(),
  fingerprint: z.string(),
  signatureAlgorithm: z.string(),
  selfSigned: flag(),
  /** Expires within CERT_EXPIRY_WARN_DAYS days (and not yet expired). */
  expiringSoon: flag(),
  expired: flag(),
  remark: z.string(),
  createTime: z.number().int(),
});
export type CertItem = z.output<typeof certItem>;

export const certDetail = certItem.extend({
  certPem: z.string().nullable(),
  csrPem: z.string().nullable(),
  /** The certificates above it in the property, nearest first. */
  chain: z.array(z.object({ certId: z.string(), name: z.string(), subject: z.string() })),
  /** Algorithms its key can sign with. */
  algorithmList: z.array(algorithm()),
  moduleCount: z.number().int(),
});

export interface CertTreeNode {
  certId: string;
  name: string;
  subject: string;
  issuer: string;
  notAfter: number;
  expiringSoon: 0 | 1;
  expired: 0 | 1;
  children: CertTreeNode[];
}
const certTreeNode: z.ZodType<CertTreeNode> = z.lazy(() =>
  z.object({
    certId: z.string(),
    name: z.string(),
    subject: z.string(),
    issuer: z.string(),
    notAfter: z.number().int(),
    expiringSoon: flag(),
    expired: flag(),
    children: z.array(certTreeNode),
  }),
);

export const signModuleItem = z.object({
  moduleId: z.string(),
  name: z.string(),
  signType: signType(),
  algorithm: algorithm(),
  weak: flag(),
  remark: z.string(),
  certCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type SignModuleItem = z.output<typeof signModuleItem>;

export const certSignRelItem = z.object({
  relId: z.string(),
  moduleId: z.string(),
  moduleName: z.string(),
  signType: signType(),
  certId: z.string(),
  certName: z.string(),
  keyType: z.enum(KEY_TYPES),
  algorithm: algorithm(),
  weak: flag(),
  createTime: z.number().int(),
});
export type CertSignRelItem = z.output<typeof certSignRelItem>;

export const collectionItem = z.object({
  pcId: z.string(),
  name: z.string(),
  signType: signType(),
  /** 1: whole modules; 2: chosen module–certificate relations. */
  type: z.union([z.literal(1), z.literal(2)]),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  moduleIdList: z.array(z.string()),
  relIdList: z.array(z.string()),
  remark: z.string(),
  authCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type CollectionItem = z.output<typeof collectionItem>;

export const collectionGroupItem = z.object({
  groupId: z.string(),
  name: z.string(),
  remark: z.string(),
  collectionCount: z.number().int(),
  authCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});

export const authItem = z.object({
  authId: z.string(),
  authType: z.number().int(),
  subjectId: z.string(),
  subjectName: z.string(),
  /** Users: their phone; others: empty. */
  detail: z.string(),
  createTime: z.number().int(),
});
export type AuthItem = z.output<typeof authItem>;

export const ukeyItem = z.object({
  ukeyId: z.string(),
  name: z.string(),
  modulePath: z.string(),
  serial: z.string(),
  tokenLabel: z.string(),
  /** Whether the token answers now. */
  online: flag(),
  certCount: z.number().int(),
  authCount: z.number().int(),
  remark: z.string(),
  createTime: z.number().int(),
});

export const signRecordItem = z.object({
  sigId: z.string(),
  moduleId: z.string(),
  moduleName: z.string(),
  signType: signType(),
  certId: z.string(),
  certName: z.string(),
  fingerprint: z.string(),
  algorithm: algorithm(),
  weak: flag(),
  requesterUid: z.string().nullable(),
  requesterName: z.string(),
  via: z.enum(['console', 'pipeline', 'service']),
  artifactName: z.string(),
  artifactSha256: z.string(),
  artifactSize: z.number().int().nullable(),
  outputName: z.string(),
  outputSize: z.number().int(),
  createTime: z.number().int(),
});
export type SignRecordItem = z.output<typeof signRecordItem>;

const signAnswer = signRecordItem.extend({
  /** The signature, base64 (empty for an APK: download the signed APK). */
  signature: z.string(),
});

const wellFormed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(
      (v) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v),
      'not well-formed text',
    );
const subject = z.object({
  CN: wellFormed(64).pipe(z.string().min(1)),
  O: wellFormed(64).optional(),
  OU: wellFormed(64).optional(),
  C: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/)
    .optional(),
  ST: wellFormed(64).optional(),
  L: wellFormed(64).optional(),
});

const downloadLink = z.object({ url: z.string(), expiresAt: z.number().int() });

/** Per-kind add and remove calls of certificate authorisations (`ca/add…`, `ca/del…`). */
const caAdd = <const Path extends string, const F extends string>(
  path: Path,
  field: F,
  kind: Parameters<typeof ref>[0],
  what: string,
) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary: `Authorise ${what} to sign with a certificate (idempotent)`,
    access: read(P.certAuthEdit),
    input: z.object({ certId: ref('signCert') }).extend({
      [field]: z.array(ref(kind)).min(1).max(200),
    } as Record<F, z.ZodArray<ReturnType<typeof ref>>>),
    output: z.object({ added: z.number().int() }),
  });

export const signingEndpoints = group(
  // Certificates (ours: the spec shows no certificate list call).
  defineEndpoint({
    method: 'GET',
    path: 'cert/getCertList',
    ours: true,
    summary:
      "The property's certificates, newest first; `str` searches name, subject and fingerprint; `expiring` 1 lists those expiring within 30 days",
    access: read([P.cert, P.certAuth, P.moduleEdit]),
    input: pageQuery().extend({
      str: searchText(),
      keyType: z.enum(KEY_TYPES).optional(),
      expiring: int()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .optional(),
    }),
    output: pageOf(certItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'cert/getCertInfo',
    ours: true,
    summary: 'One certificate with its PEM, CSR, chain and the algorithms its key signs with (never the key)',
    access: read([P.cert, P.certAuth, P.moduleEdit]),
    input: z.object({ certId: ref('signCert') }),
    output: certDetail,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'cert/generateCert',
    ours: true,
    summary:
      'Generate a key pair (RSA 2048–4096, EC P-256/384/521, SM2) sealed at rest, with a self-signed certificate (`mode` self) or a CSR (`mode` csr)',
    access: read(P.certEdit),
    input: z.object({
      name: name(),
      keyType: z.enum(KEY_TYPES),
      keyBits: z.union([z.literal(2048), z.literal(3072), z.literal(4096)]).default(2048),
      curve: z.enum(['P-256', 'P-384', 'P-521']).default('P-256'),
      subject,
      days: int().pipe(z.number().min(1).max(36500)).default(365),
      mode: z.enum(['self', 'csr']).default('self'),
      remark: remark(),
    }),
    output: z.object({ certId: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'cert/importCert',
    ours: true,
    summary:
      'Import a certificate (PEM or DER, base64 in `content`) with its PKCS#8 key, or a PKCS#12 file with `password`; with `certId`, the certificate issued for that CSR',
    access: read(P.certEdit),
    input: z.object({
      certId: optionalRef('signCert'),
      name: z.string().trim().max(60).default(''),
      format: z.enum(['pem', 'der', 'p12']),
      /** base64 of the file. */
      content: z.string().min(1).max(1_000_000),
      password: z.string().max(200).default(''),
      remark: remark(),
    }),
    output: z.object({ certId: z.string(), certIdList: z.array(z.string()) }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'cert/delCert',
    ours: true,
    mutates: true,
    summary: 'Delete a certificate with its sealed key, its module relations, platforms and authorisations',
    access: read(P.certEdit),
    input: z.object({ certId: ref('signCert') }),
    output: z.null(),
  }),

  // Sign modules.
  defineEndpoint({
    method: 'GET',
    path: 'sm/getSignModuleList',
    summary: "The property's sign modules by name; `str` searches name and remark, `signType` filters",
    access: member,
    input: pageQuery().extend({ str: searchText(), signType: signType().optional() }),
    output: pageOf(signModuleItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sm/addSignModule',
    summary: 'Create a sign module: its type (raw, firmware manifest, APK, CMS) and default algorithm',
    access: read(P.moduleEdit),
    input: z.object({ name: name(), signType: signType(), algorithm: algorithm(), remark: remark() }),
    output: z.object({ moduleId: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sm/updateSignModule',
    summary: "Edit a sign module's name, default algorithm and remark (its type is fixed)",
    access: read(P.moduleEdit),
    input: z.object({ moduleId: ref('signModule'), name: name(), algorithm: algorithm(), remark: remark() }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sm/delSignModule',
    mutates: true,
    summary: 'Delete a sign module and its certificate relations (its signing records stay)',
    access: read(P.moduleEdit),
    input: z.object({ moduleId: ref('signModule') }),
    output: z.null(),
  }),

  // Certificate–module relations and the chain view.
  defineEndpoint({
    method: 'GET',
    path: 'cs/getCertSignRelList',
    summary: 'Module–certificate relations, newest first; filter by module, certificate or algorithm',
    access: read([P.moduleEdit, P.collection, P.cert]),
    input: pageQuery().extend({
      moduleId: optionalRef('signModule'),
      certId: optionalRef('signCert'),
      algorithm: algorithm().optional(),
    }),
    output: pageOf(certSignRelItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'cs/saveCertSignRel',
    summary:
      'Bind a certificate to a module with an algorithm its key signs (or change the algorithm when `relId` is given)',
    access: read(P.moduleEdit),
    input: z.object({
      relId: optionalRef('certSignRel'),
      moduleId: ref('signModule'),
      certId: ref('signCert'),
      algorithm: algorithm().optional(),
    }),
    output: z.object({ relId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'cs/delCertSignRel',
    mutates: true,
    summary: 'Unbind a certificate from a module',
    access: read(P.moduleEdit),
    input: z.object({ relId: ref('certSignRel') }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'cs/getCertTreeList',
    summary: "The property's certificates as chains: each under the certificate that issued it",
    access: read([P.cert, P.certAuth, P.moduleEdit]),
    input: z.object({ str: searchText() }),
    output: z.array(certTreeNode),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'cs/getFilters',
    summary: 'What relation and record lists filter by: modules, certificates, algorithms (weak ones marked), types',
    access: read([P.moduleEdit, P.collection, P.cert]),
    input: z.object({}),
    output: z.object({
      moduleList: z.array(z.object({ moduleId: z.string(), name: z.string(), signType: signType() })),
      certList: z.array(z.object({ certId: z.string(), name: z.string(), keyType: z.enum(KEY_TYPES) })),
      algorithmList: z.array(z.object({ algorithm: algorithm(), keyType: z.enum(KEY_TYPES), weak: flag() })),
      signTypeList: z.array(signType()),
    }),
  }),

  // Certificate platforms.
  defineEndpoint({
    method: 'GET',
    path: 'cp/getPlatformInfoList',
    summary: "The property's device platforms, each marked when the certificate is bound to it",
    access: read([P.cert, P.moduleEdit]),
    input: z.object({ certId: ref('signCert') }),
    output: z.array(z.object({ platformId: z.string(), name: z.string(), osType: z.string(), related: flag() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'cp/saveCertPlatformRelList',
    summary: 'Set the device platforms a certificate signs for (replaces the list)',
    access: read(P.certEdit),
    input: z.object({ certId: ref('signCert'), platformIdList: refList('devicePlatform') }),
    output: z.null(),
  }),

  // Certificate authorisations.
  caAdd('ca/addUsers', 'uidList', 'user', 'members'),
  caAdd('ca/addTitles', 'tidList', 'title', 'the holders of titles'),
  caAdd('ca/addUserSets', 'usidList', 'userSet', 'the members of user sets'),
  caAdd('ca/addOrgs', 'oidList', 'org', 'the members of units (and the units below)'),
  caAdd('ca/addUkeys', 'ukeyIdList', 'ukey', 'the holders of USB keys'),
  ...(['delUser', 'delTitle', 'delUserSet', 'delOrg', 'delUkey'] as const).map((n) =>
    defineEndpoint({
      method: 'POST',
      path: `ca/${n}` as const,
      summary: `Revoke certificate authorisations (${n.slice(3)}), by authorisation id; the next sign call is refused`,
      access: read(P.certAuthEdit),
      input: z.object({ certId: ref('signCert'), authIdList: z.array(ref('signAuth')).min(1).max(200) }),
      output: z.object({ removed: z.number().int() }),
    }),
  ),
  ...(['getUserList', 'getTitleList', 'getUserSetList', 'getOrgList', 'getUkeyList'] as const).map((n) =>
    defineEndpoint({
      method: 'GET',
      path: `ca/${n}` as const,
      summary: `Who (${n.slice(3, -4)}) is authorised to sign with a certificate, latest first; \`str\` searches names`,
      access: read([P.certAuth, P.cert]),
      input: pageQuery().extend({ certId: ref('signCert'), str: searchText() }),
      output: pageOf(authItem),
    }),
  ),
  defineEndpoint({
    method: 'GET',
    path: 'ca/getUkeyCertList',
    summary: 'The certificates of a USB key: those whose key it holds and those authorised to its holders',
    access: read([P.certAuth, P.cert, P.ukey]),
    input: z.object({ ukeyId: ref('ukey') }),
    output: z.array(certItem.extend({ source: z.enum(['token', 'grant']) })),
  }),

  // Permission collections and their groups.
  defineEndpoint({
    method: 'GET',
    path: 'pc/getPermCollectionList',
    summary: "The property's permission collections by name; filter by `signType`, `type`, `groupId`",
    access: read([P.collection, P.group, P.groupAuth]),
    input: pageQuery().extend({
      str: searchText(),
      signType: signType().optional(),
      type: int()
        .pipe(z.union([z.literal(1), z.literal(2)]))
        .optional(),
      groupId: optionalRef('permCollectionGroup'),
    }),
    output: pageOf(collectionItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pc/savePermCollection',
    summary:
      'Create a permission collection, or edit one when `pcId` is given: whole modules (`type` 1, `moduleIdList`) or chosen relations (`type` 2, `relIdList`), all of `signType`',
    access: read(P.collectionEdit),
    input: z.object({
      pcId: optionalRef('permCollection'),
      name: name(),
      signType: signType(),
      type: int().pipe(z.union([z.literal(1), z.literal(2)])),
      groupId: optionalRef('permCollectionGroup'),
      moduleIdList: refList('signModule'),
      relIdList: refList('certSignRel'),
      remark: remark(),
    }),
    output: z.object({ pcId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pc/getTypeCodeList',
    summary: 'The sign types with the algorithms each accepts',
    access: read([P.collection, P.moduleEdit]),
    input: z.object({}),
    output: z.array(
      z.object({ signType: signType(), algorithmList: z.array(algorithm()), keyTypeList: z.array(z.enum(KEY_TYPES)) }),
    ),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pc/delPermCollection',
    mutates: true,
    summary: 'Delete a permission collection and its authorisations',
    access: read(P.collectionEdit),
    input: z.object({ pcId: ref('permCollection') }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pcg/getPermCollectionGroupList',
    summary: "The property's collection groups by name",
    access: read([P.group, P.groupAuth, P.collection]),
    input: pageQuery().extend({ str: searchText() }),
    output: pageOf(collectionGroupItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pcg/savePermCollectionGroup',
    summary: 'Create a collection group, or rename one when `groupId` is given; `pcIdList` sets its collections',
    access: read(P.groupEdit),
    input: z.object({
      groupId: optionalRef('permCollectionGroup'),
      name: name(),
      remark: remark(),
      pcIdList: z.array(ref('permCollection')).max(200).optional(),
    }),
    output: z.object({ groupId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pcg/delPermCollectionGroup',
    mutates: true,
    summary: 'Delete a collection group (its collections stay, ungrouped) and its authorisations',
    access: read(P.groupEdit),
    input: z.object({ groupId: ref('permCollectionGroup') }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pcau/getPermCollectionAuthList',
    summary: 'Who holds a permission collection, latest first; `authType` filters',
    access: read([P.collection, P.groupAuth]),
    input: pageQuery().extend({ pcId: ref('permCollection'), authType: authType().optional() }),
    output: pageOf(authItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'pcau/getPermCollectionGroupAuthList',
    summary: 'Who holds a collection group, latest first; `authType` filters',
    access: read([P.groupAuth, P.group]),
    input: pageQuery().extend({ groupId: ref('permCollectionGroup'), authType: authType().optional() }),
    output: pageOf(authItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pcau/addPermCollectionAuth',
    summary: 'Grant a collection to users (1), titles (2), user sets (3), units (4) or USB keys (5) (idempotent)',
    access: read(P.collectionEdit),
    input: z.object({ pcId: ref('permCollection'), authType: authType(), subjectIdList: idList() }),
    output: z.object({ added: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pcau/delPermCollectionAuth',
    summary: 'Revoke grants of a collection; the next sign call is refused',
    access: read(P.collectionEdit),
    input: z.object({ pcId: ref('permCollection'), authIdList: z.array(ref('signAuth')).min(1).max(200) }),
    output: z.object({ removed: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pcau/addPermCollectionGroupAuth',
    summary: 'Grant every collection of a group to users, titles, user sets, units or USB keys (idempotent)',
    access: read(P.groupAuthEdit),
    input: z.object({ groupId: ref('permCollectionGroup'), authType: authType(), subjectIdList: idList() }),
    output: z.object({ added: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pcau/delPermCollectionGroupAuth',
    summary: 'Revoke grants of a collection group',
    access: read(P.groupAuthEdit),
    input: z.object({ groupId: ref('permCollectionGroup'), authIdList: z.array(ref('signAuth')).min(1).max(200) }),
    output: z.object({ removed: z.number().int() }),
  }),

  // USB keys.
  defineEndpoint({
    method: 'GET',
    path: 'uk/getUkeyList',
    summary: "The property's registered USB keys and HSM tokens, whether each answers now",
    access: { kind: 'property', permission: [P.ukey, P.certAuth, P.collection] },
    input: pageQuery().extend({ str: searchText() }),
    output: pageOf(ukeyItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'uk/getPkcs11Slots',
    ours: true,
    summary: 'The PKCS#11 modules this server may load (SIGNING_PKCS11_MODULES) and the tokens each offers',
    access: read(P.ukeyEdit, UKEY_BUSINESS),
    input: z.object({}),
    output: z.array(
      z.object({
        modulePath: z.string(),
        error: z.string(),
        tokens: z.array(
          z.object({
            /** The PKCS#11 slot id (decimal). */
            slot: z.string(),
            serial: z.string(),
            label: z.string(),
            manufacturer: z.string(),
            model: z.string(),
          }),
        ),
      }),
    ),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'uk/addUkey',
    ours: true,
    summary: 'Register a token by module path, serial and PIN (checked by logging in; the PIN is sealed at rest)',
    access: read(P.ukeyEdit, UKEY_BUSINESS),
    input: z.object({
      name: name(),
      modulePath: z.string().trim().min(1).max(500),
      serial: z.string().trim().min(1).max(64),
      pin: z.string().min(1).max(64),
      remark: remark(),
    }),
    output: z.object({ ukeyId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'uk/delUkey',
    ours: true,
    mutates: true,
    summary: 'Unregister a token; certificates whose key it holds are deleted with it',
    access: read(P.ukeyEdit, UKEY_BUSINESS),
    input: z.object({ ukeyId: ref('ukey') }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'uk/getUkeyKeyList',
    ours: true,
    summary: 'The private keys a token holds (id, label, type)',
    access: read(P.ukeyEdit, UKEY_BUSINESS),
    input: z.object({ ukeyId: ref('ukey') }),
    output: z.array(z.object({ keyId: z.string(), label: z.string(), keyType: z.string() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'uk/addUkeyCert',
    ours: true,
    summary:
      "Add a certificate whose private key is in the token (`keyId`, the CKA_ID in hex): the token signs a test value that the certificate's key must verify",
    access: read(P.ukeyEdit, UKEY_BUSINESS),
    input: z.object({
      ukeyId: ref('ukey'),
      keyId: z
        .string()
        .trim()
        .regex(/^[0-9a-fA-F]{1,128}$/),
      name: name(),
      /** PEM or base64 DER. */
      certificate: z.string().min(1).max(100_000),
    }),
    output: z.object({ certId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'uk/getUkeyAuthList',
    ours: true,
    summary: 'Who holds a USB key (and so its grants), latest first',
    access: read(P.ukey, UKEY_BUSINESS),
    input: pageQuery().extend({ ukeyId: ref('ukey'), authType: authType().optional() }),
    output: pageOf(authItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'uk/addUkeyAuth',
    ours: true,
    summary: 'Make users, titles, user sets or units holders of a USB key (idempotent)',
    access: read(P.ukeyEdit, UKEY_BUSINESS),
    input: z.object({
      ukeyId: ref('ukey'),
      authType: int().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
      subjectIdList: idList(),
    }),
    output: z.object({ added: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'uk/delUkeyAuth',
    ours: true,
    summary: 'Remove holders of a USB key',
    access: read(P.ukeyEdit, UKEY_BUSINESS),
    input: z.object({ ukeyId: ref('ukey'), authIdList: z.array(ref('signAuth')).min(1).max(200) }),
    output: z.object({ removed: z.number().int() }),
  }),

  // Signing.
  defineEndpoint({
    method: 'GET',
    path: 'sign/getSignOptions',
    ours: true,
    summary: 'The modules and certificates the caller may sign with now (their authorisations resolved)',
    access: member,
    input: z.object({}),
    output: z.array(
      z.object({
        moduleId: z.string(),
        moduleName: z.string(),
        signType: signType(),
        certList: z.array(
          z.object({ certId: z.string(), name: z.string(), algorithm: algorithm(), weak: flag(), expired: flag() }),
        ),
      }),
    ),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sign/signFile',
    ours: true,
    summary:
      'Sign a file of a space the caller may read (`fid`), or a digest (`hash`, hex, of the algorithm’s hash; SM2: e = SM3(Z‖M)) with a module and certificate the caller is authorised for',
    access: member,
    input: z.object({
      moduleId: ref('signModule'),
      certId: ref('signCert'),
      fid: optionalRef('file'),
      hash: z
        .string()
        .trim()
        .regex(/^([0-9a-fA-F]{2}){16,64}$/)
        .optional(),
      name: z.string().trim().max(120).optional(),
    }),
    output: signAnswer,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sign/signUpload',
    upload: { maxBytes: SIGN_UPLOAD_MAX },
    ours: true,
    summary: `Upload a file (multipart/form-data, one part \`file\`, at most ${SIGN_UPLOAD_MAX / 1024 / 1024} MiB; \`moduleId\` and \`certId\` in the query string) and sign it`,
    access: member,
    input: z.object({ moduleId: ref('signModule'), certId: ref('signCert') }),
    output: signAnswer,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sign/pipelineSign',
    upload: { maxBytes: SIGN_UPLOAD_MAX },
    ours: true,
    summary:
      'Build pipelines: the same as sign/signUpload with a personal access token (`Authorization: Bearer …`) instead of a session; the token names the property',
    access: { ...member, credential: 'accessToken' },
    input: z.object({ moduleId: ref('signModule'), certId: ref('signCert') }),
    output: signAnswer.extend({ downloadUrl: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sign/getSignRecordList',
    ours: true,
    summary:
      'Signing records (requester, artifact hash, certificate fingerprint, algorithm), newest first: all of them for module editors, the caller’s own otherwise',
    access: member,
    input: pageQuery().extend({
      str: searchText(),
      moduleId: optionalRef('signModule'),
      certId: optionalRef('signCert'),
    }),
    output: pageOf(signRecordItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sign/getSignatureDownloadUrl',
    ours: true,
    summary: 'A link (valid one minute) to download a signature, signed APK or manifest of a record the caller may see',
    access: member,
    input: z.object({ sigId: ref('signRecord') }),
    output: downloadLink,
  }),

  // Personal access tokens.
  defineEndpoint({
    method: 'GET',
    path: 'pat/getTokenList',
    ours: true,
    summary: "The caller's signing tokens in this property (never the tokens themselves)",
    access: member,
    input: z.object({}),
    output: z.array(
      z.object({
        tokenId: z.string(),
        name: z.string(),
        expiresAt: z.number().int(),
        lastUsedAt: z.number().int().nullable(),
        createTime: z.number().int(),
      }),
    ),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pat/addToken',
    ours: true,
    summary: 'Create a personal access token for sign/pipelineSign; the token is shown once',
    access: member,
    input: z.object({ name: name(), days: int().pipe(z.number().min(1).max(366)).default(90) }),
    output: z.object({ tokenId: z.string(), token: z.string(), expiresAt: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pat/delToken',
    ours: true,
    summary: 'Revoke one of the caller’s tokens',
    access: member,
    input: z.object({ tokenId: ref('signToken') }),
    output: z.null(),
  }),
);

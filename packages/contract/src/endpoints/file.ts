import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';

/**
 * Files kept in spaces (`fis/fi/`, `gateway/file/getUploadUrl`, our download, rename and delete) and the PC
 * software store's common files (`commonFile/`). A file (fid) is a name, a size and a SHA-256 in one space (and
 * optionally one group of its tree); its bytes are a blob of platform/storage. Model:
 * apps/server/src/modules/file/README.md.
 */

/** Permission ids: the file repository (common files) page reads; its function edits. */
export const FILE_PERMISSIONS = {
  repository: 'files.repository',
  repositoryEdit: 'files.repository.edit',
} as const;

/** Largest file `fis/fi/uploadFile` takes in one multipart request; larger files go through tus. */
export const SMALL_UPLOAD_MAX = 32 * 1024 * 1024;
/** Largest file a tus upload takes. */
export const RESUMABLE_UPLOAD_MAX = 20 * 1000 * 1000 * 1000;
/** Where the tus endpoint of files is mounted (`gateway/file/getUploadUrl` answers it). */
export const FILE_UPLOAD_PATH = '/api/uploads/files';
export const FILE_NAME_MAX = 200;
export const COMMON_FILE_NAME_MAX = 100;
export const COMMON_FILE_VERSION_MAX = 50;
export const COMMON_FILE_REMARK_MAX = 500;

/** A file name as a user gives it: 1–200 characters, no path separators or control characters. */
export const fileName = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(FILE_NAME_MAX)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    .regex(/^[^/\\\u0000-\u001f\u007f]+$/, 'fileName')
    .refine((v) => v !== '.' && v !== '..', 'fileName');

/** A file as lists show it. */
export const fileItem = z.object({
  fid: z.string(),
  sid: z.string(),
  spaceName: z.string(),
  /** The group it sits in; the sid when in no group (the root). */
  groupId: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  contentType: z.string(),
  uid: z.string().nullable(),
  uploaderName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type FileItem = z.output<typeof fileItem>;

/** A common file of the PC software store: a named, versioned copy of a file kept for the whole property. */
export const commonFileItem = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  remark: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  creatorName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type CommonFileItem = z.output<typeof commonFileItem>;

/** A short-lived link the browser downloads from (a plain GET carries no `token` header). */
const downloadLink = z.object({ url: z.string(), expiresAt: z.number().int() });

export const fileEndpoints = group(
  defineEndpoint({
    method: 'POST',
    path: 'fis/fi/uploadFile',
    upload: { maxBytes: SMALL_UPLOAD_MAX },
    summary: `Upload a small file (multipart/form-data, one part \`file\`, at most ${SMALL_UPLOAD_MAX / 1024 / 1024} MiB; \`sid\`, \`groupId\` and \`name\` in the query string) into a space the caller may write into; its quota is reserved before the bytes are kept`,
    access: { kind: 'property' },
    input: z.object({
      sid: ref('space'),
      groupId: optionalRef('spaceGroup'),
      name: fileName().optional(),
    }),
    output: fileItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'fis/fi/getMyFileList',
    summary:
      'Files of the spaces the caller may read (one space with `sid`, one group with `groupId`), matching `str`, newest first',
    access: { kind: 'property' },
    input: pageQuery().extend({
      str: optionalText(100),
      sid: optionalRef('space'),
      groupId: optionalRef('spaceGroup'),
    }),
    output: pageOf(fileItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'gateway/file/getUploadUrl',
    summary:
      'Where a tus client uploads large files: `base` (the server, empty for the same origin) and `path`; the upload names `pno`, `sid`, `groupId`, `filename` (and `sha256`) in its metadata',
    access: { kind: 'property' },
    input: z.object({}),
    output: z.object({ base: z.string(), path: z.string(), maxSize: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'fis/fi/getDownloadUrl',
    ours: true,
    summary:
      'A link (valid one minute) that downloads a file the caller may read, with Range and ETag (added: not in the spec)',
    access: { kind: 'property' },
    input: z.object({ fid: ref('file') }),
    output: downloadLink,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'fis/fi/renameFile',
    ours: true,
    summary: 'Rename a file, or move it to another group of its space (added: not in the spec)',
    access: { kind: 'property' },
    input: z.object({ fid: ref('file'), name: fileName().optional(), groupId: optionalRef('spaceGroup') }),
    output: fileItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'fis/fi/deleteFile',
    ours: true,
    summary: "Delete files of one space the caller may write into; the space's use goes down (added: not in the spec)",
    access: { kind: 'property' },
    input: z.object({ fidList: z.array(ref('file')).min(1).max(100) }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'commonFile/getCommonFileInfo',
    summary: "The property's common files (one with `id`), matching `str`, newest first",
    access: { kind: 'property', permission: FILE_PERMISSIONS.repository },
    input: pageQuery().extend({ id: optionalRef('commonFile'), str: optionalText(100) }),
    output: pageOf(commonFileItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'commonFile/saveCommonFileInfo',
    summary: 'Make a common file from a file the caller may read (its bytes are kept even when the file is deleted)',
    access: { kind: 'property', permission: FILE_PERMISSIONS.repositoryEdit },
    input: z.object({
      fid: ref('file'),
      name: z.string().trim().min(1).max(COMMON_FILE_NAME_MAX),
      version: z.string().trim().max(COMMON_FILE_VERSION_MAX).default(''),
      remark: z.string().trim().max(COMMON_FILE_REMARK_MAX).default(''),
    }),
    output: z.object({ id: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'commonFile/updateCommonFileInfo',
    summary: "Change a common file's name, version and remark, or its content (`fid`, a file the caller may read)",
    access: { kind: 'property', permission: FILE_PERMISSIONS.repositoryEdit },
    input: z.object({
      id: ref('commonFile'),
      fid: ref('file').optional(),
      name: z.string().trim().min(1).max(COMMON_FILE_NAME_MAX),
      version: z.string().trim().max(COMMON_FILE_VERSION_MAX).default(''),
      remark: z.string().trim().max(COMMON_FILE_REMARK_MAX).default(''),
    }),
    output: commonFileItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'commonFile/deleteCommonFileInfo',
    summary: 'Delete common files',
    access: { kind: 'property', permission: FILE_PERMISSIONS.repositoryEdit },
    input: z.object({ idList: z.array(ref('commonFile')).min(1).max(100) }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'commonFile/getDownloadUrl',
    ours: true,
    summary: 'A link (valid one minute) that downloads a common file (added: not in the spec)',
    access: { kind: 'property', permission: FILE_PERMISSIONS.repository },
    input: z.object({ id: ref('commonFile') }),
    output: downloadLink,
  }),
);

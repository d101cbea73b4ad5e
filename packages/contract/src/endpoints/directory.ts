import { z } from 'zod';
import { flag } from '../envelope';
import { ref } from '../refs';

/**
 * Schemas shared by the property directory: titles (`t/`), user sets (`us/`) and customers (`cu/`). Each is a
 * named group of the property's members; this file declares no endpoints.
 */

/** Most users an add/remove call takes at once. */
export const DIRECTORY_BATCH_MAX = 500;
export const DIRECTORY_NAME_MAX = 50;
export const DIRECTORY_REMARK_MAX = 200;

/**
 * Back office (access `orPlatform`): an operator calling without the `pno` header lists every property's groups,
 * or `filterPno`'s; with the header it is ignored.
 */
export const filterPno = z.string().trim().max(64).optional();
/** Back office: the property an operator without the `pno` header creates a group in; ignored otherwise. */
export const backOfficePno = ref('property').optional();

/** Free-text search (`str`, as in SPEC's sw/getSwList); empty means no filter. */
export const searchText = () => z.string().trim().max(100).optional();

export const groupName = (max: number = DIRECTORY_NAME_MAX) => z.string().trim().min(1).max(max);
export const remark = () => z.string().trim().max(DIRECTORY_REMARK_MAX).default('');

/** Distinct user ids, 1 to DIRECTORY_BATCH_MAX. */
export const uidList = () =>
  z
    .array(ref('user'))
    .min(1)
    .max(DIRECTORY_BATCH_MAX)
    .transform((ids) => [...new Set(ids)]);

/** A user in a title, user set or customer. */
export const directoryMember = z.object({
  uid: z.string(),
  name: z.string(),
  phoneNum: z.string(),
  email: z.string().nullable(),
  /** The account's status: 1 enabled, 0 disabled. */
  status: flag(),
  /** When the user was added to the group (epoch ms). */
  addTime: z.number().int(),
});
export type DirectoryMember = z.output<typeof directoryMember>;

/** The answers of the add/remove-users calls: how many memberships actually changed (0 on a repeat). */
export const addedCount = z.object({ added: z.number().int() });
export const removedCount = z.object({ removed: z.number().int() });

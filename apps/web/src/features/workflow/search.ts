import { AUTH_TYPES } from '@keel/contract/constants';
import { APPLY_TYPE_IDS } from '@keel/contract/endpoints/workflow';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';

/** The lists of the approval page (`?tab=`). */
export const APPLY_TABS = ['todo', 'done', 'mine', 'all', 'invites'] as const;
export type ApplyTab = (typeof APPLY_TABS)[number];

/**
 * What the workflow pages read from the URL (routes have no parameters, SPEC §2): the list shown, the application
 * a dialog is opened for, the apply type the settings page shows, a step of its flow, and an auditor entry.
 */
export const WORKFLOW_SEARCH = z
  .object({
    tab: z.enum(APPLY_TABS),
    applyId: id(),
    applyType: z.enum(APPLY_TYPE_IDS),
    stepId: id(),
    authType: z.union([
      z.literal(AUTH_TYPES.users),
      z.literal(AUTH_TYPES.titles),
      z.literal(AUTH_TYPES.userSets),
      z.literal(AUTH_TYPES.orgs),
    ]),
    value: z.string().trim().min(1).max(64),
  })
  .partial();

/** Search params of the approval page that its dialogs carry and closing takes back (the list and its filters). */
export const LIST_KEEP = ['tab', 'applyType', 'state', 'str', 'startTime', 'endTime', 'pageNum', 'pageSize'] as const;

/** Search params of the settings page that its dialogs carry (the apply type shown). */
export const SETTINGS_KEEP = ['applyType'] as const;

import type { Business } from '../constants';

/**
 * One node of the permission catalogue (architecture §5): a menu group, a page, or (added by later issues) a
 * function inside a page. The catalogue is flat; the tree follows from `parent`.
 */
export interface PermissionNode {
  /** Stable dotted id, e.g. `account.title` or `account.title.edit`. Never renamed once shipped. */
  id: string;
  parent: string | null;
  kind: 'menu' | 'page' | 'function';
  name: { 'zh-cn': string; en: string };
  /** The route (spec/routes.tsv path, unprefixed) a page node opens. */
  route?: string;
  /** The business that must be enabled for the property; none for account and general nodes. */
  business?: Business;
  /** `platform` nodes are the back office's, for platform operators only. */
  scope: 'property' | 'platform';
  /** An @ant-design/icons component name for top-level menus. */
  icon?: string;
  /** False for a page the side menu leaves out (the sign-in page `/`: signed-in users land on `/home`). */
  inMenu?: false;
  /**
   * A personal page every member of the property holds, as the general pages, when its business is enabled (their
   * own spaces): the calls behind it show each member only their own data. Set in catalogue.ts from
   * `EVERY_MEMBER_PAGES` (functions.ts), so the menus the console shell loads do not carry it.
   */
  everyMember?: true;
}

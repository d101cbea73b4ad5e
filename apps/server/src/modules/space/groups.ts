import { GROUP_MAX_DEPTH, GROUP_MAX_NODES, type SpaceGroupNode } from '@keel/contract/endpoints/space';
import { isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { countGroupItems } from './group-items';
import * as groupRepo from './group-repo';
import { type SpaceActor, spaceWithRight, tenantOfSpace } from './scope';

/**
 * The rules of a space's group tree (README "Group trees"): the space is the root (its sid is the root's id and the
 * parent of top-level groups); names are unique among siblings; at most GROUP_MAX_NODES groups, GROUP_MAX_DEPTH
 * levels; no group under itself. The whole tree (≤ 1000 rows) is read and checked in memory.
 */

interface Tree {
  byId: Map<string, groupRepo.GroupRow>;
  children: Map<string, groupRepo.GroupRow[]>;
}

function treeOf(rows: readonly groupRepo.GroupRow[]): Tree {
  const byId = new Map(rows.map((r) => [r.group_id, r]));
  const children = new Map<string, groupRepo.GroupRow[]>();
  for (const r of rows) children.set(r.pid, [...(children.get(r.pid) ?? []), r]);
  return { byId, children };
}

/** Levels from the root to a node (a top-level group is 1; the root 0). */
function depthOf(tree: Tree, id: string): number {
  let depth = 0;
  for (let at = tree.byId.get(id); at && depth <= GROUP_MAX_NODES; at = tree.byId.get(at.pid)) depth += 1;
  return depth;
}

/** Levels of a node's subtree, itself included. */
function heightOf(tree: Tree, id: string): number {
  const kids = tree.children.get(id) ?? [];
  return 1 + kids.reduce((h, k) => Math.max(h, heightOf(tree, k.group_id)), 0);
}

function descendantsOf(tree: Tree, id: string): Set<string> {
  const out = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    for (const k of tree.children.get(stack.pop() as string) ?? []) {
      if (!out.has(k.group_id)) {
        out.add(k.group_id);
        stack.push(k.group_id);
      }
    }
  }
  return out;
}

/** The group tree of a space, the space as its root; `withDevices` counts devices in each group and below. */
export async function groupTree(
  s: Services,
  actor: SpaceActor,
  sid: string,
  withDevices: boolean,
): Promise<SpaceGroupNode[]> {
  const space = await spaceWithRight(s, actor, sid, 'read');
  const tenant = tenantOfSpace(space);
  const tree = treeOf(await groupRepo.groupsOf(s.db, tenant, space.sid));
  const direct = withDevices ? await countGroupItems(s, tenant, space.sid, 'device') : null;
  const build = (row: groupRepo.GroupRow): SpaceGroupNode => {
    const children = (tree.children.get(row.group_id) ?? []).map(build);
    return {
      groupId: row.group_id,
      sid: space.sid,
      pid: row.pid,
      name: row.name,
      sort: Number(row.sort),
      isRoot: 0,
      ...(direct ? { deviceNum: (direct.get(row.group_id) ?? 0) + sumDevices(children) } : {}),
      children,
    };
  };
  const top = (tree.children.get(space.sid) ?? []).map(build);
  return [
    {
      groupId: space.sid,
      sid: space.sid,
      pid: null,
      name: space.name,
      sort: 0,
      isRoot: 1,
      ...(direct ? { deviceNum: (direct.get(space.sid) ?? 0) + sumDevices(top) } : {}),
      children: top,
    },
  ];
}

const sumDevices = (nodes: readonly SpaceGroupNode[]) => nodes.reduce((n, c) => n + (c.deviceNum ?? 0), 0);

/** Adds a group under `pid` (the space when left out), or renames / moves / re-sorts `groupId`. */
export async function saveGroup(
  s: Services,
  actor: SpaceActor,
  input: { sid: string; groupId?: string; pid?: string; name: string; sort?: number },
): Promise<string> {
  const space = await spaceWithRight(s, actor, input.sid, 'group');
  const tenant = tenantOfSpace(space);
  const tree = treeOf(await groupRepo.groupsOf(s.db, tenant, space.sid));
  if (input.groupId === space.sid) throw new AppError('groupIsRoot');
  const existing = input.groupId === undefined ? undefined : tree.byId.get(input.groupId);
  if (input.groupId !== undefined && !existing) throw notFound('groupId');
  const pid = input.pid ?? existing?.pid ?? space.sid;
  if (pid !== space.sid && !tree.byId.has(pid)) throw notFound('pid');
  if (existing && (pid === existing.group_id || descendantsOf(tree, existing.group_id).has(pid))) {
    throw new AppError('groupCycle');
  }
  const height = existing ? heightOf(tree, existing.group_id) : 1;
  if (depthOf(tree, pid) + height > GROUP_MAX_DEPTH) throw new AppError('groupTooDeep', { max: GROUP_MAX_DEPTH });
  if (!existing && tree.byId.size >= GROUP_MAX_NODES) throw new AppError('groupTooMany', { max: GROUP_MAX_NODES });
  const key = nameKey(input.name);
  const sibling = (tree.children.get(pid) ?? []).find((g) => g.name_key === key && g.group_id !== existing?.group_id);
  if (sibling) throw new AppError('groupNameTaken', { name: input.name });

  const groupId = existing?.group_id ?? newId();
  const siblings = tree.children.get(pid) ?? [];
  const sort = input.sort ?? (existing && existing.pid === pid ? Number(existing.sort) : nextSort(siblings));
  const values = { groupId, sid: space.sid, pid, name: input.name, nameKey: key, sort };
  try {
    if (existing) await groupRepo.updateGroup(s.db, tenant, values, s.now());
    else await groupRepo.insertGroup(s.db, tenant, values, s.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('groupNameTaken', { name: input.name });
    throw error;
  }
  return groupId;
}

const nextSort = (siblings: readonly groupRepo.GroupRow[]) =>
  siblings.reduce((max, g) => Math.max(max, Number(g.sort) + 1), 0);

/** Deletes a group that holds nothing: no groups, devices or files. */
export async function deleteGroup(s: Services, actor: SpaceActor, input: { sid: string; groupId: string }) {
  const space = await spaceWithRight(s, actor, input.sid, 'group');
  if (input.groupId === space.sid) throw new AppError('groupIsRoot');
  const tenant = tenantOfSpace(space);
  const tree = treeOf(await groupRepo.groupsOf(s.db, tenant, space.sid));
  const group = tree.byId.get(input.groupId);
  if (!group) throw notFound('groupId');
  const devices = (await countGroupItems(s, tenant, space.sid, 'device')).get(group.group_id) ?? 0;
  const files = (await countGroupItems(s, tenant, space.sid, 'file')).get(group.group_id) ?? 0;
  const children = tree.children.get(group.group_id)?.length ?? 0;
  const refuse = () => new AppError('groupNotEmpty', { name: group.name, children, devices, files });
  if (children + devices + files > 0) throw refuse();
  if (!(await groupRepo.deleteLeafGroup(s.db, tenant, space.sid, group.group_id))) throw refuse();
}

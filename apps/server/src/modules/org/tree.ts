import {
  ORG_MAX_DEPTH,
  ORG_MAX_NODES,
  ORG_PERMISSIONS,
  ORG_PICKER_PERMISSIONS,
  type OrgNode,
} from '@keel/contract/endpoints/org';
import type { Db } from '../../platform/db/connect';
import { AppError, notFound } from '../../platform/http/errors';
import { scopeRoots } from '../../platform/http/scope';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import {
  type AllTenants,
  isAllTenants,
  propertyTenant,
  type Tenant,
  type TenantScope,
} from '../../platform/tenancy/tenant';
import * as repo from './repo';
import { assertInScope, type OrgProperty, resolveNode, rootId } from './scope';

/** The tree: reading it whole or within a scope, and its nodes' create, rename, move and delete (README "The tree"). */

/** The whole tree of a property: the root (the property) with nested children and member counts. */
export async function propertyTree(db: Db, tenant: Tenant, propertyName: string): Promise<OrgNode> {
  const { pno } = tenant;
  const [nodes, counts] = await Promise.all([repo.listNodes(db, tenant), repo.memberCounts(db, tenant)]);
  const root: OrgNode = {
    oid: rootId(pno),
    pid: null,
    pno,
    name: propertyName,
    sort: 0,
    isRoot: 1,
    userNum: counts.get(null) ?? 0,
    totalUserNum: 0,
    childNum: 0,
    children: [],
  };
  const byId = new Map<string, OrgNode>([[root.oid, root]]);
  for (const n of nodes) {
    byId.set(n.oid, {
      oid: n.oid,
      pid: n.pid,
      pno,
      name: n.name,
      sort: n.sort,
      isRoot: 0,
      userNum: counts.get(n.oid) ?? 0,
      totalUserNum: 0,
      childNum: 0,
      children: [],
    });
  }
  for (const n of nodes) {
    const node = byId.get(n.oid) as OrgNode;
    (byId.get(n.pid) ?? root).children.push(node);
  }
  // Totals bottom-up without recursion: reverse breadth-first order.
  const order: OrgNode[] = [root];
  for (let i = 0; i < order.length; i += 1) order.push(...(order[i] as OrgNode).children);
  for (let i = order.length - 1; i >= 0; i -= 1) {
    const n = order[i] as OrgNode;
    n.childNum = n.children.length;
    n.totalUserNum = n.userNum + n.children.reduce((sum, c) => sum + c.totalUserNum, 0);
  }
  return root;
}

/** The tree an administrator sees: the whole tree, or the subtrees of their scope as top-level entries. */
export async function myTree(db: Db, prop: OrgProperty): Promise<OrgNode[]> {
  const root = await propertyTree(db, propertyTenant(prop.pno), prop.name);
  const roots = scopeRoots(prop, 'org', ORG_PICKER_PERMISSIONS);
  if (roots === null || roots.includes(root.oid)) return [root];
  const wanted = new Set(roots);
  const out: OrgNode[] = [];
  // Breadth-first, not descending below a match: a scope root inside another one is already included.
  const queue = [...root.children];
  while (queue.length > 0) {
    const n = queue.shift() as OrgNode;
    if (wanted.has(n.oid)) out.push(n);
    else queue.push(...n.children);
  }
  return out;
}

/** Every property's root with its top-level count, children left for a per-property call (lazy). */
export async function propertyRoots(db: Db, operator: AllTenants): Promise<OrgNode[]> {
  const [props, tops, members] = await Promise.all([
    repo.listPropertyRoots(db, operator),
    repo.topLevelCounts(db, operator),
    repo.propertyMemberTotals(db, operator),
  ]);
  return props.map((p) => ({
    oid: rootId(p.pno),
    pid: null,
    pno: p.pno,
    name: p.name,
    sort: 0,
    isRoot: 1,
    userNum: 0,
    totalUserNum: members.get(p.pno) ?? 0,
    childNum: tops.get(p.pno) ?? 0,
    children: [],
  }));
}

export async function saveNode(
  s: Services,
  prop: OrgProperty,
  input: { oid?: string; pid: string; name: string; sort?: number },
): Promise<string> {
  const pno = prop.pno;
  const tenant = propertyTenant(pno);
  if (input.oid === rootId(pno)) throw new AppError('orgIsRoot');
  return s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, tenant);
    const parent = await resolveNode(trx, prop, input.pid, 'pid');
    const pid = parent.oid ?? rootId(pno);
    // The node edited is in the caller's scope (access.scope); a parent created under or moved to must be too.
    const assertParentInScope = () => assertInScope(trx, prop, ORG_PERMISSIONS.editTree, [parent.oid], 'pid');
    const parentDepth = parent.oid === null ? 0 : (await repo.ancestorIds(trx, tenant, parent.oid)).length;
    const now = s.now();

    if (!input.oid) {
      await assertParentInScope();
      if ((await repo.countNodes(trx, tenant)) >= ORG_MAX_NODES)
        throw new AppError('orgTooMany', { max: ORG_MAX_NODES });
      if (parentDepth + 1 > ORG_MAX_DEPTH) throw new AppError('orgTooDeep', { max: ORG_MAX_DEPTH });
      if (await repo.findSiblingByName(trx, tenant, pid, input.name))
        throw new AppError('orgNameTaken', { name: input.name });
      const oid = newId();
      await repo.insertNode(trx, tenant, {
        oid,
        pid,
        name: input.name,
        sort: input.sort ?? 0,
        created_at: now,
        updated_at: now,
      });
      return oid;
    }

    const node = await repo.findNode(trx, tenant, input.oid);
    if (!node) throw notFound('oid');
    if (pid !== node.pid) await assertParentInScope();
    if (pid !== node.pid && parent.oid !== null) {
      const chain = await repo.ancestorIds(trx, tenant, parent.oid);
      if (chain.includes(node.oid)) throw new AppError('orgCycle');
    }
    if (pid !== node.pid) {
      const height = await repo.subtreeHeight(trx, tenant, node.oid);
      if (parentDepth + 1 + height > ORG_MAX_DEPTH) throw new AppError('orgTooDeep', { max: ORG_MAX_DEPTH });
    }
    const sibling = await repo.findSiblingByName(trx, tenant, pid, input.name);
    if (sibling && sibling.oid !== node.oid) throw new AppError('orgNameTaken', { name: input.name });
    await repo.updateNode(trx, tenant, node.oid, {
      pid,
      name: input.name,
      sort: input.sort ?? node.sort,
      updated_at: now,
    });
    return node.oid;
  });
}

export async function deleteNode(s: Services, prop: OrgProperty, oid: string): Promise<void> {
  if (oid === rootId(prop.pno)) throw new AppError('orgIsRoot');
  const tenant = propertyTenant(prop.pno);
  await s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, tenant);
    const node = await repo.findNode(trx, tenant, oid);
    if (!node) throw notFound('oid');
    const [children, members] = await Promise.all([
      repo.childCount(trx, tenant, oid),
      repo.nodeMemberCount(trx, tenant, oid),
    ]);
    if (children > 0 || members > 0) throw new AppError('orgNotEmpty', { name: node.name, children, members });
    await repo.deleteNode(trx, tenant, oid);
  });
}

/** The back office's trees: with a property, its whole tree; across all properties, every root (lazy). */
export async function operatorTrees(db: Db, view: TenantScope): Promise<OrgNode[]> {
  if (isAllTenants(view)) return propertyRoots(db, view);
  const property = await repo.findProperty(db, view.pno);
  if (!property) throw notFound('filterPno');
  return [await propertyTree(db, propertyTenant(property.pno), property.name)];
}

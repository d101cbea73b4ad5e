import { permissionEndpoints } from '@keel/contract/endpoints/permission';
import { requireProperty, requireUser } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { defineModule } from '../../platform/http/mount';
import { setWithin } from '../../platform/permissions/effective';
import * as repo from './repo';
import * as service from './service';

type AdminRow = Awaited<ReturnType<typeof repo.listAdmins>>['rows'][number];

async function withSets(db: Parameters<typeof repo.assignmentDetails>[0], rows: AdminRow[]) {
  const details = await repo.assignmentDetails(
    db,
    rows.filter((r) => r.role === 'admin').map((r) => ({ pno: r.pno, uid: r.uid })),
  );
  return rows.map((r) => ({
    pno: r.pno,
    uid: r.uid,
    name: r.name,
    phoneNum: r.phone,
    role: r.role as 'owner' | 'admin',
    permissionSetList: details
      .filter((d) => d.pno === r.pno && d.uid === r.uid)
      .map((d) => ({ psid: d.psid, name: d.name, oidList: d.oidList, sidList: d.sidList })),
    joinTime: r.joined_at,
    propertyName: r.property_name,
  }));
}

type SetRow = Awaited<ReturnType<typeof repo.listSets>>['rows'][number];
const setItem = (r: SetRow) => ({
  psid: r.psid,
  pno: r.pno,
  name: r.name,
  remark: r.remark,
  permissionIdList: r.permissions,
  adminCount: r.admin_count,
  createTime: r.created_at,
  updateTime: r.updated_at,
});

/** Administrators and permission sets (issue 3). Model: README.md. */
export const permissionModule = defineModule(permissionEndpoints, (s) => ({
  'ps/getAllAdminList': async (input) => {
    const { rows, total } = await repo.listAdmins(
      s.db,
      { pno: input.filterPno, str: input.str },
      input.pageNum,
      input.pageSize,
    );
    return { list: await withSets(s.db, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  'ps/getMyAdminList': async (input, ctx) => {
    const { pno } = requireProperty(ctx);
    const { rows, total } = await repo.listAdmins(s.db, { pno, str: input.str }, input.pageNum, input.pageSize);
    const list = (await withSets(s.db, rows)).map(({ propertyName: _, ...item }) => item);
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  'ps/getAllPerSetList': async (input) => {
    const { rows, total } = await repo.listSets(
      s.db,
      { pno: input.filterPno, str: input.str },
      input.pageNum,
      input.pageSize,
    );
    return {
      list: rows.map((r) => ({ ...setItem(r), propertyName: r.property_name })),
      total,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  },
  'ps/getMyPerSetList': async (input, ctx) => {
    const property = requireProperty(ctx);
    service.requireSetReader(property);
    if (input.filterPno !== undefined && input.filterPno !== property.pno) throw notFound('filterPno');
    if (
      input.assignedUid !== undefined &&
      (await repo.membersOf(s.db, property.pno, [input.assignedUid])).length === 0
    ) {
      throw notFound('assignedUid');
    }
    const { rows, total } = await repo.listSets(
      s.db,
      { pno: property.pno, str: input.str, assignedUid: input.assignedUid },
      input.pageNum,
      input.pageSize,
    );
    const scopes =
      input.assignedUid === undefined
        ? []
        : await repo.assignmentDetails(s.db, [{ pno: property.pno, uid: input.assignedUid }]);
    const list = rows.map((r) => {
      const scope = scopes.find((a) => a.psid === r.psid);
      return {
        ...setItem(r),
        grantable: setWithin(property.permissions, property.businesses, r.permissions) ? (1 as const) : (0 as const),
        ...(scope ? { assignment: { oidList: scope.oidList, sidList: scope.sidList } } : {}),
      };
    });
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  'ps/delPerSet': async (input, ctx) => {
    ctx.audit.target = input.psid;
    return { unassigned: await service.deleteSet(s, requireProperty(ctx), input.psid, input.force === 1) };
  },
  'ps/addOrUpdatePerSet': async (input, ctx) => {
    const psid = await service.saveSet(s, requireProperty(ctx), requireUser(ctx), input);
    ctx.audit.target = psid;
    return { psid };
  },
  'ps/getPerTreeList': async (_input, ctx) => {
    const property = requireProperty(ctx);
    service.requireSetReader(property);
    return service.grantableTree(property, ctx.locale);
  },
  'ps/assignPerSet': async (input, ctx) => {
    ctx.audit.target = input.uidList.slice(0, 20).join(',');
    return { changed: await service.assignSets(s, requireProperty(ctx), requireUser(ctx), input) };
  },
  'ps/assignMgeOrg': async (input, ctx) => {
    ctx.audit.target = `${input.uid}:${input.psid}`;
    await service.limitAssignment(
      s,
      requireProperty(ctx),
      requireUser(ctx),
      { uid: input.uid, psid: input.psid, ids: input.oidList },
      'org',
    );
    return null;
  },
  'ps/assignMgeSpace': async (input, ctx) => {
    ctx.audit.target = `${input.uid}:${input.psid}`;
    await service.limitAssignment(
      s,
      requireProperty(ctx),
      requireUser(ctx),
      { uid: input.uid, psid: input.psid, ids: input.sidList },
      'space',
    );
    return null;
  },
}));

import { createHash } from 'node:crypto';
import { ddiControllerBase } from '@keel/contract/device-api/ddi';
import { ddiCancelAction, ddiDeploymentBase } from '@keel/contract/device-api/ddi-deployment';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { tick } from './engine';
import { createInstalled } from './installed';

/** hawkBit DDI deployments of formal and temporary tasks: poll link, deploymentBase, feedback, artifacts. */
describeEachDb('firmware delivery over DDI', (env) => {
  let fx: DeviceFixture;
  let sid = '';
  let modelId = '';
  let pkg = '';
  const image = Buffer.from('keel image 2.0.0 '.repeat(700));
  const url = (pno: string, id: string, tail = '') => `/${pno}/controller/v1/${id}${tail}`;
  const get = (path: string, authorization: string, headers: Record<string, string> = {}) =>
    env().app.inject({ method: 'GET', url: path, headers: { authorization, ...headers } });
  const post = (path: string, authorization: string, body: unknown) =>
    env().app.inject({
      method: 'POST',
      url: path,
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  /** A temporary task's file (`t/addTask` takes its id). */
  const tempFile = (name: string, content: string) => fx.upload(sid, name, content, { endpoint: '/api/f/uploadFile' });
  const register = () => fx.deviceAt('1.0.0', { model: modelId, sid, prefix: 'ddi' });
  /** The device reports its firmware version over configData (as SWUpdate does after its restart). */
  const reportVersion = (who: { deviceId: string; auth: string }, firmwareVersion: string) =>
    env().app.inject({
      method: 'PUT',
      url: url(fx.demo, who.deviceId, '/configData'),
      headers: { authorization: who.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ mode: 'merge', data: { firmwareVersion } }),
    });
  const taskState = async (taskId: string, deviceId: string) =>
    (
      await env()
        .app.keel.db.selectFrom('fw_task_devices')
        .select('state')
        .where('pno', '=', fx.demo)
        .where('task_id', '=', taskId)
        .where('device_id', '=', deviceId)
        .executeTakeFirst()
    )?.state;
  /** A released task of the package, forced, for the devices. */
  const offer = async (devices: { deviceId: string }[], name: string) =>
    (await fx.releasedTask(
      pkg,
      devices.map((d) => d.deviceId),
      { name, execution: { mode: 'forced' } },
    )) as { id: string };
  const closed = (finished: 'success' | 'failure', details: string[] = []) => ({
    status: { execution: 'closed', result: { finished }, details },
  });

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await fx.firmwareSpace('DDI');
    modelId = await fx.deviceModel('D-1');
    pkg = await fx.firmwarePackage({
      sid,
      version: '2.0.0',
      modelIdList: [modelId],
      file: { name: 'image-2.0.0.bin', content: image },
    });
  });

  it('offers a task on the poll, answers the deployment, serves its artifact and records the feedback', async () => {
    const a = await register();
    const b = await register();
    expect((await get(url(fx.demo, a.deviceId), a.auth)).json()._links?.deploymentBase).toBeUndefined();
    const task = await offer([a, b], 'DDI rollout');

    const polled = (await get(url(fx.demo, a.deviceId), a.auth)).json();
    expect(ddiControllerBase.strict().safeParse(polled).success).toBe(true);
    const href: string = polled._links.deploymentBase.href;
    const actionId = href.split('/').at(-1) as string;
    expect(actionId).toMatch(/^\d+$/);

    const dep = await get(url(fx.demo, a.deviceId, `/deploymentBase/${actionId}`), a.auth);
    expect(dep.statusCode).toBe(200);
    const body = ddiDeploymentBase.parse(dep.json());
    expect(body).toMatchObject({ id: actionId, deployment: { download: 'forced', update: 'forced' } });
    const [chunk] = body.deployment.chunks;
    expect(chunk).toMatchObject({ part: 'os', version: '2.0.0' });
    const [art] = chunk?.artifacts ?? [];
    expect(art?.hashes).toEqual({
      sha1: createHash('sha1').update(image).digest('hex'),
      md5: createHash('md5').update(image).digest('hex'),
      sha256: createHash('sha256').update(image).digest('hex'),
    });
    expect(art?.size).toBe(image.length);
    const download = new URL(art?._links['download-http'].href ?? '').pathname;

    // The device's own token only; another device cannot read the action or its artifact.
    expect((await get(download, b.auth)).statusCode).toBe(401);
    const bAction = (await get(url(fx.demo, b.deviceId), b.auth)).json()._links.deploymentBase.href.split('/').at(-1);
    expect(bAction).not.toBe(actionId);
    expect((await get(url(fx.demo, b.deviceId, `/deploymentBase/${actionId}`), b.auth)).statusCode).toBe(404);
    expect((await get(download.replace(a.deviceId, b.deviceId), b.auth)).statusCode).toBe(404);
    expect(
      (await post(url(fx.demo, b.deviceId, `/deploymentBase/${actionId}/feedback`), b.auth, closed('success')))
        .statusCode,
    ).toBe(404);
    expect((await get(download.replace('image-2.0.0.bin', 'other.bin'), a.auth)).statusCode).toBe(404);

    const full = await get(download, a.auth);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(image)).toBe(true);
    expect(await taskState(task.id, a.deviceId)).toBe('downloading');
    const part = await get(download, a.auth, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(image.subarray(10, 20))).toBe(true);

    const fb = (b2: unknown) => post(url(fx.demo, a.deviceId, `/deploymentBase/${actionId}/feedback`), a.auth, b2);
    expect((await fb({ status: { execution: 'nonsense' } })).statusCode).toBe(400);
    expect(
      (await fb({ status: { execution: 'proceeding', result: { finished: 'none', progress: { cnt: 1, of: 2 } } } }))
        .statusCode,
    ).toBe(200);
    expect((await fb({ status: { execution: 'downloaded', result: { finished: 'none' } } })).statusCode).toBe(200);
    expect(await taskState(task.id, a.deviceId)).toBe('downloaded');
    // Still offered until closed (SWUpdate confirms after its restart).
    expect((await get(url(fx.demo, a.deviceId), a.auth)).json()._links.deploymentBase.href).toBe(href);
    expect((await fb(closed('success'))).statusCode).toBe(200);
    expect(await taskState(task.id, a.deviceId)).toBe('verifying');
    expect((await get(url(fx.demo, a.deviceId), a.auth)).json()._links?.deploymentBase).toBeUndefined();
    // The same answer again (a device retrying) is still 200.
    expect((await fb(closed('success'))).statusCode).toBe(200);
    // The version arrives over configData: succeeded.
    expect((await reportVersion(a, '2.0.0')).statusCode).toBe(200);

    const fbB = (b2: unknown) => post(url(fx.demo, b.deviceId, `/deploymentBase/${bAction}/feedback`), b.auth, b2);
    expect(
      (await fbB({ ...closed('failure', ['sha1 mismatch']), status: { ...closed('failure').status, code: 3 } }))
        .statusCode,
    ).toBe(200);
    expect(await taskState(task.id, b.deviceId)).toMatch(/failed|retrying/);
    expect(
      (await post(url(fx.demo, b.deviceId, '/deploymentBase/999999999/feedback'), b.auth, closed('success')))
        .statusCode,
    ).toBe(404);
  });

  it('delivers a temporary task the same way', async () => {
    const a = await register();
    const b = await register();
    const file = await tempFile('try.swu', 'swu bytes');
    await fx.ok('d/addDevice', { deviceIdList: [a.deviceId, b.deviceId] });
    const task = await fx.ok('t/addTask', { name: 'Try DDI', fileId: file.id, deviceIdList: [a.deviceId] });
    const href: string = (await get(url(fx.demo, a.deviceId), a.auth)).json()._links.deploymentBase.href;
    // An integer from the action counter the formal attempts use (SWUpdate reads action ids as integers).
    const tempId = href.split('/').at(-1) as string;
    expect(tempId).toMatch(/^\d+$/);
    const dep = ddiDeploymentBase.parse((await get(new URL(href).pathname, a.auth)).json());
    const art = dep.deployment.chunks[0]?.artifacts[0];
    expect(art?.filename).toBe('try.swu');
    const path = new URL(art?._links['download-http'].href ?? '').pathname;
    expect((await get(path, a.auth)).rawPayload.toString()).toBe('swu bytes');
    expect((await get(path.replace(a.deviceId, b.deviceId), b.auth)).statusCode).toBe(404);
    const fb = (who: typeof a, body: unknown) =>
      post(url(fx.demo, who.deviceId, `/deploymentBase/${tempId}/feedback`), who.auth, body);
    expect((await fb(b, closed('success'))).statusCode).toBe(404);
    expect((await fb(a, closed('success'))).statusCode).toBe(200);
    expect((await fb(a, closed('success'))).statusCode).toBe(200);
    expect((await get(url(fx.demo, a.deviceId), a.auth)).json()._links?.deploymentBase).toBeUndefined();
    const list = await fx.ok('t/getTaskList', { pageNum: 1, pageSize: 50 });
    expect(list.list.find((t: { id: string }) => t.id === task.id)?.state).toBe('finished');
  });
  const attemptOf = async (actionId: string) =>
    env()
      .app.keel.db.selectFrom('fw_task_attempts as a')
      // The cancel told to the device is the device action's (modules/device-action).
      .innerJoin('device_actions as x', 'x.action_id', 'a.action_id')
      .select(['a.state', 'x.cancel_state', 'a.cancel_from', 'a.detail'])
      .where('a.pno', '=', fx.demo)
      .where('x.pno', '=', fx.demo)
      .where('a.action_id', '=', Number(actionId))
      .executeTakeFirstOrThrow();
  const linksOf = async (who: { deviceId: string; auth: string }) =>
    ((await get(url(fx.demo, who.deviceId), who.auth)).json()._links ?? {}) as Record<string, { href: string }>;
  const lastSegment = (href: string | undefined) => href?.split('/').at(-1) as string;

  it('links cancelAction for an action taken away while the device holds it, until the device confirms', async () => {
    const a = await register();
    const b = await register();
    const task = await offer([a, b], 'Cancel me');
    const actionId = lastSegment((await linksOf(a)).deploymentBase?.href);
    const dep = ddiDeploymentBase.parse(
      (await get(url(fx.demo, a.deviceId, `/deploymentBase/${actionId}`), a.auth)).json(),
    );
    const download = new URL(dep.deployment.chunks[0]?.artifacts[0]?._links['download-http'].href ?? '').pathname;
    expect((await get(download, a.auth)).statusCode).toBe(200);
    // No cancel resource while the action is live.
    expect((await get(url(fx.demo, a.deviceId, `/cancelAction/${actionId}`), a.auth)).statusCode).toBe(404);

    await fx.ok('task/notAssignToDevice', { id: task.id, deviceIdList: [a.deviceId] });
    const links = await linksOf(a);
    expect(links.deploymentBase).toBeUndefined();
    expect(links.cancelAction?.href).toMatch(new RegExp(`/${a.deviceId}/cancelAction/${actionId}$`));
    const cancel = await get(new URL(links.cancelAction?.href ?? '').pathname, a.auth);
    expect(cancel.statusCode).toBe(200);
    expect(ddiCancelAction.strict().parse(cancel.json())).toEqual({ id: actionId, cancelAction: { stopId: actionId } });
    expect(await attemptOf(actionId)).toMatchObject({
      state: 'cancelled',
      cancel_state: 'requested',
      cancel_from: 'downloading',
    });
    // Not the device's own: 404, for reading and answering alike; a bad body is 400 and changes nothing.
    expect((await get(url(fx.demo, b.deviceId, `/cancelAction/${actionId}`), b.auth)).statusCode).toBe(404);
    const fb = (who: typeof a, body: unknown, id = actionId) =>
      post(url(fx.demo, who.deviceId, `/cancelAction/${id}/feedback`), who.auth, body);
    expect((await fb(b, closed('success'))).statusCode).toBe(404);
    expect((await fb(a, closed('success'), '999999999')).statusCode).toBe(404);
    expect((await fb(a, { status: { execution: 'closed', result: { finished: 'maybe' } } })).statusCode).toBe(400);
    expect((await fb(a, 'nonsense')).statusCode).toBe(400);
    // Information (SWUpdate sends the id as a number) keeps the cancel linked.
    expect(
      (await fb(a, { id: Number(actionId), status: { execution: 'proceeding', details: ['stopping'] } })).statusCode,
    ).toBe(200);
    expect((await linksOf(a)).cancelAction).toBeDefined();
    expect(
      (await fb(a, { id: Number(actionId), ...closed('success', ['cancellation acknowledged.']) })).statusCode,
    ).toBe(200);
    expect(await attemptOf(actionId)).toMatchObject({ state: 'cancelled', cancel_state: 'confirmed' });
    expect((await linksOf(a)).cancelAction).toBeUndefined();
    // Answered: still readable and answerable (a device retrying), nothing changes.
    expect((await get(url(fx.demo, a.deviceId, `/cancelAction/${actionId}`), a.auth)).statusCode).toBe(200);
    expect((await fb(a, closed('success'))).statusCode).toBe(200);
    // The other device was never told.
    expect((await linksOf(b)).cancelAction).toBeUndefined();
    const bAction = lastSegment((await linksOf(b)).deploymentBase?.href);
    // An action that went over Mender (which has no cancel) simply stops being offered: nothing to tell.
    await env()
      .app.keel.db.updateTable('fw_task_attempts')
      .set({ protocol: 'mender', state: 'downloading' })
      .where('pno', '=', fx.demo)
      .where('action_id', '=', Number(bAction))
      .execute();
    await env()
      .app.keel.db.updateTable('device_actions')
      .set({ protocol: 'mender', state: 'running', stage: 'downloading' })
      .where('pno', '=', fx.demo)
      .where('action_id', '=', Number(bAction))
      .execute();
    await fx.ok('task/notAssignToDevice', { id: task.id, deviceIdList: [b.deviceId] });
    expect(await attemptOf(bAction)).toMatchObject({ state: 'cancelled', cancel_state: null });
    const left = await linksOf(b);
    expect(left.cancelAction ?? left.deploymentBase).toBeUndefined();
  });

  it('a rejected cancel puts the action back in flight (hawkBit), its outcome recorded on the attempt only', async () => {
    const a = await register();
    const task = await offer([a], 'Invalidate me');
    const actionId = lastSegment((await linksOf(a)).deploymentBase?.href);
    const fbDeploy = (body: unknown) =>
      post(url(fx.demo, a.deviceId, `/deploymentBase/${actionId}/feedback`), a.auth, body);
    expect((await fbDeploy({ status: { execution: 'proceeding', result: { finished: 'none' } } })).statusCode).toBe(
      200,
    );
    await fx.ok('task/invalidateTask', { id: task.id });
    expect(lastSegment((await linksOf(a)).cancelAction?.href)).toBe(actionId);
    const rejected = await post(url(fx.demo, a.deviceId, `/cancelAction/${actionId}/feedback`), a.auth, {
      status: { execution: 'rejected', details: ['already writing'] },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await attemptOf(actionId)).toMatchObject({ state: 'downloading', cancel_state: 'rejected' });
    expect((await linksOf(a)).cancelAction).toBeUndefined();
    expect((await fbDeploy(closed('success'))).statusCode).toBe(200);
    expect(await attemptOf(actionId)).toMatchObject({ state: 'succeeded' });
    expect(await taskState(task.id, a.deviceId)).toBe('cancelled');
  });

  it('a temporary task cancelled after the device fetched it is linked as cancelAction', async () => {
    const a = await register();
    const file = await tempFile('cancel.swu', 'swu to cancel');
    await fx.ok('d/addDevice', { deviceIdList: [a.deviceId] });
    const task = await fx.ok('t/addTask', { name: 'Cancel temp', fileId: file.id, deviceIdList: [a.deviceId] });
    const id = lastSegment((await linksOf(a)).deploymentBase?.href);
    expect((await get(url(fx.demo, a.deviceId, `/deploymentBase/${id}`), a.auth)).statusCode).toBe(200);
    await fx.ok('t/cancelTask', { taskId: task.id });
    expect(lastSegment((await linksOf(a)).cancelAction?.href)).toBe(id);
    expect((await get(url(fx.demo, a.deviceId, `/cancelAction/${id}`), a.auth)).json()).toEqual({
      id,
      cancelAction: { stopId: id },
    });
    expect(
      (await post(url(fx.demo, a.deviceId, `/cancelAction/${id}/feedback`), a.auth, closed('success'))).statusCode,
    ).toBe(200);
    expect((await linksOf(a)).cancelAction).toBeUndefined();
  });

  it('answers installedBase for the device’s installed actions and links the last one', async () => {
    const a = await register();
    const b = await register();
    const task = await offer([a], 'Install me');
    const actionId = lastSegment((await linksOf(a)).deploymentBase?.href);
    expect((await linksOf(a)).installedBase).toBeUndefined();
    // Not installed yet: 404.
    expect((await get(url(fx.demo, a.deviceId, `/installedBase/${actionId}`), a.auth)).statusCode).toBe(404);
    expect(
      (await post(url(fx.demo, a.deviceId, `/deploymentBase/${actionId}/feedback`), a.auth, closed('success')))
        .statusCode,
    ).toBe(200);
    expect((await reportVersion(a, '2.0.0')).statusCode).toBe(200);
    await tick(env().app.keel);
    expect(await taskState(task.id, a.deviceId)).toBe('succeeded');
    const links = await linksOf(a);
    expect(links.deploymentBase).toBeUndefined();
    expect(lastSegment(links.installedBase?.href)).toBe(actionId);
    const res = await get(new URL(links.installedBase?.href ?? '').pathname, a.auth);
    expect(res.statusCode).toBe(200);
    const body = ddiDeploymentBase.parse(res.json());
    expect(body).toMatchObject({ id: actionId, deployment: { download: 'forced', update: 'forced' } });
    const art = body.deployment.chunks[0]?.artifacts[0];
    expect(art?.hashes.sha256).toBe(createHash('sha256').update(image).digest('hex'));
    // Its artifact stays downloadable, as hawkBit's.
    const download = new URL(art?._links['download-http'].href ?? '').pathname;
    expect((await get(download, a.auth)).rawPayload.equals(image)).toBe(true);
    // Another device's installed action, an unknown one, a bad id: 404.
    expect((await get(url(fx.demo, b.deviceId, `/installedBase/${actionId}`), b.auth)).statusCode).toBe(404);
    expect((await get(url(fx.demo, a.deviceId, '/installedBase/999999999'), a.auth)).statusCode).toBe(404);
    expect((await get(url(fx.demo, a.deviceId, '/installedBase/x1'), a.auth)).statusCode).toBe(404);
    expect((await linksOf(b)).installedBase).toBeUndefined();

    // Derived from the database: a fresh instance on the same database (nothing cached) answers the same, and a
    // cache bounded at one device drops the least recently polled one and reads it again.
    const fresh = createInstalled({ ...env().app.keel }, 1);
    expect(fresh.size()).toBe(0);
    expect(await fresh.of(fx.demo, a.deviceId)).toBe(Number(actionId));
    expect(await fresh.of(fx.demo, b.deviceId)).toBeNull();
    expect(fresh.size()).toBe(1);
    expect(await fresh.of(fx.demo, a.deviceId)).toBe(Number(actionId));
    expect(fresh.size()).toBe(1);
  });

  it('keeps an artifact’s sha1 and md5 with the blob’s metadata', async () => {
    const sha256 = createHash('sha256').update(image).digest('hex');
    const row = await env()
      .app.keel.db.selectFrom('blobs')
      .select(['sha1', 'md5'])
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      sha1: createHash('sha1').update(image).digest('hex'),
      md5: createHash('md5').update(image).digest('hex'),
    });
  });
});

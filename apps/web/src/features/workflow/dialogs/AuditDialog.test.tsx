// @vitest-environment happy-dom
import type { ApplyDetail } from '@keel/contract/endpoints/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, installEndpointMethods } from '../../../shared/api/test-methods';
import { AuditDialog } from './AuditDialog';

afterEach(cleanup);
beforeEach(installEndpointMethods);
afterEach(() => vi.unstubAllGlobals());

const apply: ApplyDetail = {
  applyId: 'A1',
  pno: '10000001',
  applyType: 'memberJoin',
  applicantUid: 'U9',
  applicantName: 'Carol',
  applicantPhone: '13900000009',
  subjectId: 'R1',
  subjectName: 'Demo',
  snapshot: { name: 'Carol', phone: '13900000009', remark: 'please' },
  state: 'pending',
  stepIndex: 1,
  stepNum: 2,
  stepName: 'Department',
  currentAuditors: [{ uid: 'U1', name: 'Alice' }],
  reason: '',
  version: 4,
  createTime: 1,
  updateTime: 1,
  finishTime: null,
  myAction: null,
  myActionTime: null,
  steps: [
    {
      index: 1,
      name: 'Department',
      rule: 'any',
      skipApplicant: 0,
      auditors: [{ authType: 1, id: 'U1', name: 'Alice', userNum: 1, exists: 1 }],
      state: 'current',
      passedBy: [],
    },
    { index: 2, name: 'Head', rule: 'all', skipApplicant: 0, auditors: [], state: 'waiting', passedBy: [] },
  ],
  history: [
    {
      id: 'H1',
      seq: 1,
      action: 'submit',
      stepIndex: 0,
      actorUid: 'U9',
      actorName: 'Carol',
      comment: 'please',
      targets: [],
      createTime: 1,
    },
  ],
  can: { pass: 1, reject: 1, transmit: 1, assign: 0, withdraw: 0 },
};

const ok = (data: unknown) => ({ body: { status: 0, msg: 'ok', data } });

function setup(answers: Array<{ body: unknown }>) {
  const f = fakeFetch([ok(apply), ...answers]);
  vi.stubGlobal('fetch', f.fn);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuditDialog applyId="A1" onClose={onClose} />
    </QueryClientProvider>,
  );
  return { calls: f.calls, onClose };
}

const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

describe('AuditDialog', { timeout: 20_000 }, () => {
  it('shows the application, its flow and history, and passes it with the version it was read at', async () => {
    const { calls, onClose } = setup([ok({ state: 'pending', stepIndex: 2, version: 5 })]);
    expect((await screen.findByTestId('member-join-detail')).textContent).toContain('Carol');
    expect(screen.getByTestId('progress-step-1').getAttribute('data-state')).toBe('current');
    expect(screen.getByTestId('history-comment-1').textContent).toBe('please');
    fireEvent.change(screen.getByTestId('audit-comment'), { target: { value: 'fine' } });
    fireEvent.click(screen.getByTestId('audit-pass'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const pass = calls.find((c) => c.url.includes('flowAudit/flowAudit'));
    expect(pass && bodyOf(pass)).toEqual({ applyId: 'A1', comment: 'fine', version: 4 });
  });

  it('asks for a reason before rejecting', async () => {
    const { calls, onClose } = setup([ok({ state: 'rejected', stepIndex: 1, version: 5 })]);
    fireEvent.click(await screen.findByTestId('audit-reject'));
    fireEvent.click(screen.getByTestId('audit-confirm-reject'));
    expect(await screen.findByText('workflow.audit.commentRequired.reject')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('noPassFlowAudit'))).toBe(false);
    fireEvent.change(screen.getByTestId('audit-comment'), { target: { value: 'no room' } });
    fireEvent.click(screen.getByTestId('audit-confirm-reject'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const reject = calls.find((c) => c.url.includes('noPassFlowAudit'));
    expect(reject && bodyOf(reject)).toEqual({ applyId: 'A1', reason: 'no room', version: 4 });
  });

  it('stays open and reloads the application when the server refuses', async () => {
    const refused = { body: { status: 100110050409, msg: 'acted meanwhile', data: null } };
    const { calls, onClose } = setup([
      refused,
      ok({ ...apply, stepIndex: 2, version: 5, can: { ...apply.can, pass: 0 } }),
    ]);
    fireEvent.click(await screen.findByTestId('audit-pass'));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('getApplyDetail'))).toHaveLength(2));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('audit-pass')).toBeNull());
  });
});

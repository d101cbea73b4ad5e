import KeyOutlined from '@ant-design/icons/KeyOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { ROUTED_CMD_ARGUMENT_MAX } from '@keel/contract/endpoints/security-records';
import type { FuncTokenItem } from '@keel/contract/endpoints/security-tokens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiQuery, scopedCall } from '../../../shared/api/query';
import { invalidatePaths } from '../../../shared/api/query-key';
import { formatTime } from '../../../shared/format/time';
import { RECORD_READS, ROUTED_READS } from '../records-api';
import { ApplyFuncDialog } from './ApplyFuncDialog';
import { type DeviceDetailSectionProps, deviceFuncsQuery } from './device-detail';
import { RiskTag } from './RiskTag';
import { CancelRoutedButton } from './RoutedCmdTable';
import { isOpenCommand, RoutedAnswer, RoutedStateTag } from './routed-bits';

/** How often a routed command is read again while it waits for its device. */
const WATCH_MS = 1000;

/** The time now, every second (a token's countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A token issued: shown once, copyable, with its algorithm and its expiry counting down. */
function IssuedToken({ token }: { token: FuncTokenItem }) {
  const { t } = useTranslation();
  const now = useNow();
  const left = token.expiresAt - now;
  return (
    <Descriptions size="small" column={1} bordered data-testid="sc-use-token">
      <Descriptions.Item label={t('security-chain.useFunc.token')}>
        <Typography.Paragraph
          copyable={{ text: token.token }}
          ellipsis={{ rows: 2, expandable: true, symbol: t('security-chain.useFunc.more') }}
          style={{ marginBottom: 0, wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}
          translate="no"
          data-testid="sc-use-token-text"
        >
          {token.token}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('security-chain.useFunc.shownOnce')}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('security-chain.useFunc.algorithm')}>
        <Tag translate="no" data-testid="sc-use-token-alg">
          {token.alg}
        </Tag>
        <Tag>{t(`security-chain.records.sources.${token.source}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('security-chain.useFunc.expires')}>
        {left > 0 ? (
          <span data-testid="sc-use-token-left">
            {t('security-chain.useFunc.expiresIn', { left: mmss(left) })} ·{' '}
            {formatTime(token.expiresAt, { seconds: true })}
          </span>
        ) : (
          <Typography.Text type="danger" data-testid="sc-use-token-expired">
            {t('security-chain.useFunc.expired')}
          </Typography.Text>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A routed command as it goes: read again every second until the device answered (or it ended otherwise). */
function WatchedCommand({ cmdId }: { cmdId: string }) {
  const { t } = useTranslation();
  const cmd = useQuery({
    ...apiQuery('seclink/channel/getFuncCommand', { cmdId }),
    refetchInterval: (q) => (q.state.data && !isOpenCommand(q.state.data.state) ? false : WATCH_MS),
  });
  const queryClient = useQueryClient();
  const ended = cmd.data ? !isOpenCommand(cmd.data.state) : false;
  useEffect(() => {
    // The answer is a record and changes the lists of commands.
    if (ended)
      void invalidatePaths(
        queryClient,
        ROUTED_READS.filter((p) => p !== 'seclink/channel/getFuncCommand'),
      );
  }, [ended, queryClient]);
  if (!cmd.data) return <Spin />;
  const c = cmd.data;
  return (
    <Descriptions size="small" column={1} bordered data-testid="sc-use-cmd">
      <Descriptions.Item label={t('security-chain.routed.state')}>
        <Space size={8} wrap>
          <RoutedStateTag state={c.state} testId="sc-use-cmd-state" />
          {isOpenCommand(c.state) ? (
            <>
              <Spin size="small" />
              <Typography.Text type="secondary">{t('security-chain.useFunc.waiting')}</Typography.Text>
              <CancelRoutedButton cmd={c} />
            </>
          ) : null}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('security-chain.routed.answer')}>
        <span data-testid="sc-use-cmd-answer">
          <RoutedAnswer cmd={c} />
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('security-chain.routed.sent')}>
        {formatTime(c.createTime, { seconds: true })}
        {c.finishTime !== null ? ` → ${formatTime(c.finishTime, { seconds: true })}` : ''}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * "Use a function" on the device detail page: the caller picks one of the device's functions and either gets a token
 * (`seclink/channel/issueFuncToken`: shown once, with copy, its algorithm and its expiry counting down) or sends it as
 * a routed command (`seclink/channel/sendFuncCommand`, with an optional argument) and watches the device's answer
 * arrive. A refusal shows the server's message and the way to apply for the function (ApplyFuncDialog).
 */
export function UseFuncSection({ deviceId }: DeviceDetailSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const funcs = useQuery(deviceFuncsQuery(deviceId));
  const choices = useMemo(() => {
    const seen = new Map<string, { funcId: string; label: string; risk: string; code: string; space: string }>();
    for (const f of funcs.data?.list ?? [])
      if (!seen.has(f.funcId))
        seen.set(f.funcId, {
          funcId: f.funcId,
          code: f.funcCode,
          label: `${f.funcCode} · ${f.funcName}`,
          risk: f.risk,
          space: f.spaceName,
        });
    return [...seen.values()];
  }, [funcs.data]);
  const [funcId, setFuncId] = useState<string>();
  const [argument, setArgument] = useState('');
  const [busy, setBusy] = useState<'token' | 'command' | null>(null);
  const [token, setToken] = useState<FuncTokenItem | null>(null);
  const [cmdId, setCmdId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const chosen = choices.find((c) => c.funcId === funcId);

  const run = async (what: 'token' | 'command') => {
    if (!funcId) return;
    setBusy(what);
    setRefusal(null);
    setToken(null);
    setCmdId(null);
    try {
      if (what === 'token') {
        setToken(
          await scopedCall('seclink/channel/issueFuncToken', { deviceId, funcId }, 'property', { notify: false }),
        );
      } else {
        const cmd = await scopedCall(
          'seclink/channel/sendFuncCommand',
          { deviceId, funcId, argument: argument.trim() },
          'property',
          { notify: false },
        );
        setCmdId(cmd.cmdId);
      }
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : t('kit.requestFailed'));
    } finally {
      setBusy(null);
      // An issue and a refusal are both records.
      await invalidatePaths(queryClient, [...RECORD_READS, 'seclink/channel/getCmdRecordList']);
    }
  };

  return (
    <Card title={t('security-chain.useFunc.title')} size="small" data-testid="sc-use">
      {funcs.isLoading ? (
        <Spin />
      ) : choices.length === 0 ? (
        <Empty description={t('security-chain.useFunc.noFuncs')} />
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('security-chain.useFunc.help')}</Typography.Text>
          <Select
            data-testid="sc-use-func"
            aria-label={t('security-chain.useFunc.func')}
            placeholder={t('security-chain.useFunc.funcPlaceholder')}
            style={{ width: '100%', maxWidth: 480 }}
            value={funcId}
            onChange={(v) => {
              setFuncId(v);
              setToken(null);
              setCmdId(null);
              setRefusal(null);
            }}
            options={choices.map((c) => ({
              value: c.funcId,
              label: (
                <span data-testid={`sc-use-func-${c.code}`} translate="no">
                  {c.label} <RiskTag risk={c.risk as never} />{' '}
                  <Typography.Text type="secondary">{c.space}</Typography.Text>
                </span>
              ),
            }))}
          />
          <Input
            data-testid="sc-use-argument"
            aria-label={t('security-chain.useFunc.argument')}
            placeholder={t('security-chain.useFunc.argumentPlaceholder')}
            maxLength={ROUTED_CMD_ARGUMENT_MAX}
            value={argument}
            onChange={(e) => setArgument(e.target.value)}
            style={{ maxWidth: 480 }}
          />
          <Space wrap>
            <Button
              icon={<KeyOutlined />}
              disabled={!funcId}
              loading={busy === 'token'}
              onClick={() => void run('token')}
              data-testid="sc-use-token-get"
            >
              {t('security-chain.useFunc.getToken')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!funcId}
              loading={busy === 'command'}
              onClick={() => void run('command')}
              data-testid="sc-use-send"
            >
              {t('security-chain.useFunc.send')}
            </Button>
          </Space>
          {refusal ? (
            <Alert
              type="warning"
              showIcon
              data-testid="sc-use-refused"
              message={refusal}
              action={
                chosen ? (
                  <Button size="small" onClick={() => setApplying(true)} data-testid="sc-use-apply">
                    {t('security-chain.useFunc.apply')}
                  </Button>
                ) : undefined
              }
            />
          ) : null}
          {token ? <IssuedToken token={token} /> : null}
          {cmdId ? <WatchedCommand key={cmdId} cmdId={cmdId} /> : null}
        </Space>
      )}
      {chosen ? (
        <ApplyFuncDialog
          open={applying}
          onClose={() => setApplying(false)}
          func={{ funcId: chosen.funcId, label: chosen.label }}
        />
      ) : null}
    </Card>
  );
}

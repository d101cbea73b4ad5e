import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { DEVICE_BATCH_MAX } from '@keel/contract/endpoints/device-common';
import { isMobile } from '@keel/contract/validators';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { scopedCall } from '../../../shared/api/query';
import { invalidatePaths } from '../../../shared/api/query-key';
import { toast } from '../../../shared/toast/toast-store';
import { DEVICE_READS, parseBindLine, type Scope } from '../api';

interface LineResult {
  line: number;
  text: string;
  deviceId: string;
  user: string;
  status: number | 'invalid';
  msg: string;
}

/** Largest list file read (a line is about 40 bytes: tens of thousands of lines). */
const FILE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * `/Tis/Terminal/BackTerminalBatchBindDlg`: bind many devices to users from pasted lines or a text/CSV file, one
 * `deviceId phone-or-uid` a line. Lines are sent in batches of DEVICE_BATCH_MAX (`db/bindDevice`) and each gets its
 * own result: bound, or why not (unknown device, not a member of the device's property, bound to someone else, …).
 */
export function BatchBindDialog({ open, scope, onClose }: { open: boolean; scope: Scope; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<LineResult[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setText('');
    setResults(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) {
      toast.warning(t('device.batch.fileTooLarge'));
      return;
    }
    setText(await file.text());
  };

  const submit = async () => {
    const lines = text.split(/\r?\n/);
    const out: LineResult[] = [];
    const pending: Array<{ index: number; deviceId: string; user: string }> = [];
    lines.forEach((raw, i) => {
      const parsed = parseBindLine(raw);
      if (parsed === null) return;
      if (parsed === 'invalid') {
        out.push({
          line: i + 1,
          text: raw.trim(),
          deviceId: '',
          user: '',
          status: 'invalid',
          msg: t('device.batch.badLine'),
        });
        return;
      }
      out.push({
        line: i + 1,
        text: raw.trim(),
        deviceId: parsed.deviceId,
        user: parsed.user,
        status: 'invalid',
        msg: '',
      });
      pending.push({ index: out.length - 1, ...parsed });
    });
    if (out.length === 0) {
      toast.warning(t('device.batch.noLines'));
      return;
    }
    setBusy(true);
    try {
      for (let start = 0; start < pending.length; start += DEVICE_BATCH_MAX) {
        const chunk = pending.slice(start, start + DEVICE_BATCH_MAX);
        const data = await scopedCall(
          'db/bindDevice',
          {
            bindList: chunk.map((p) =>
              isMobile(p.user) ? { deviceId: p.deviceId, phoneNum: p.user } : { deviceId: p.deviceId, uid: p.user },
            ),
          },
          scope,
        );
        data.resultList.forEach((r, j) => {
          const at = chunk[j]?.index;
          if (at === undefined) return;
          const line = out[at] as LineResult;
          out[at] = { ...line, status: r.status, msg: r.msg };
        });
      }
    } catch (error) {
      // The client has reported a refused call; anything else is a connection failure.
      if (!(error instanceof ApiError && (error.kind === 'status' || error.kind === 'http')))
        toast.error(t('kit.requestFailed'));
      setBusy(false);
      return;
    }
    setBusy(false);
    await invalidatePaths(queryClient, DEVICE_READS);
    setResults(out);
    const bound = out.filter((r) => r.status === 0).length;
    toast.success(t('device.batch.summary', { bound, total: out.length }));
  };

  const bound = results?.filter((r) => r.status === 0).length ?? 0;
  return (
    <Modal
      open={open}
      title={t('device.batch.title')}
      onCancel={close}
      width={760}
      destroyOnHidden
      data-testid="batch-bind-dialog"
      footer={
        results ? (
          <Space>
            <Button onClick={reset} data-testid="batch-again">
              {t('device.batch.again')}
            </Button>
            <Button type="primary" onClick={close} data-testid="batch-close">
              {t('device.secret.done')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{t('kit.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="batch-submit">
              {t('device.batch.submit')}
            </Button>
          </Space>
        )
      }
    >
      {results ? (
        <>
          <Alert
            type={bound === results.length ? 'success' : 'warning'}
            showIcon
            title={t('device.batch.summary', { bound, total: results.length })}
            style={{ marginBottom: 12 }}
            data-testid="batch-summary"
          />
          <Table<LineResult>
            size="small"
            rowKey="line"
            dataSource={results}
            pagination={results.length > 50 ? { pageSize: 50 } : false}
            data-testid="batch-results"
            columns={[
              { key: 'line', title: t('device.batch.line'), dataIndex: 'line', width: 64 },
              { key: 'text', title: t('device.batch.content'), dataIndex: 'text', ellipsis: true },
              {
                key: 'result',
                title: t('device.batch.result'),
                render: (_, r) => (
                  <span data-testid={`batch-result-${r.line}`}>
                    <Tag color={r.status === 0 ? 'green' : 'red'} bordered={false}>
                      {r.status === 0 ? t('device.batch.ok') : t('device.batch.failed')}
                    </Tag>
                    {r.status !== 0 && <Typography.Text type="secondary">{r.msg}</Typography.Text>}
                  </span>
                ),
              },
            ]}
          />
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('device.batch.help')}</Typography.Paragraph>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={10}
            placeholder={'GW-0001 13800000002\nGW-0002,13800001001'}
            aria-label={t('device.batch.lines')}
            data-testid="batch-lines"
            style={{ fontFamily: 'monospace' }}
          />
          <input
            ref={fileInput}
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            style={{ display: 'none' }}
            onChange={(e) => void readFile(e)}
            data-testid="batch-file"
          />
          <Button
            icon={<UploadOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => fileInput.current?.click()}
            data-testid="batch-upload"
          >
            {t('device.batch.upload')}
          </Button>
        </>
      )}
    </Modal>
  );
}

import FormOutlined from '@ant-design/icons/FormOutlined';
import { FUNC_APPLY_REASON_MAX } from '@keel/contract/endpoints/security-user-auth';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useDebounced } from '../../../shared/pickers/use-debounced';
import { RiskTag } from './RiskTag';

interface ApplyValues {
  funcId: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
  reason: string;
}

/** The functions a member may apply for, searched on the server by code and name (the first 20 matches). */
function ApplyFuncSelect({ id, value, onChange }: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const str = useDebounced(search.trim(), 300);
  const funcs = useQuery({
    ...apiQuery('ua/getApplyFuncList', { pageNum: 1, pageSize: 20, ...(str ? { str } : {}) }),
    placeholderData: keepPreviousData,
  });
  const en = i18n.language === 'en';
  const loading = funcs.isFetching || search.trim() !== str;
  return (
    <Select
      id={id}
      data-testid="sc-apply-func"
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      value={value}
      onChange={(v) => {
        setSearch('');
        onChange?.(v);
      }}
      loading={loading}
      status={funcs.isError ? 'error' : undefined}
      placeholder={t('security-chain.funcApply.funcPlaceholder')}
      notFoundContent={
        loading ? <Spin size="small" /> : funcs.isError ? t('kit.loadFailed') : t('security-chain.picker.none')
      }
      options={(funcs.data?.list ?? []).map((f) => ({
        value: f.funcId,
        label: (
          <span data-testid={`sc-apply-func-${f.code}`}>
            <span translate="no">{f.code}</span> · {en ? f.nameEn : f.nameZh} <RiskTag risk={f.risk} />{' '}
            <Typography.Text type="secondary" translate="no">
              {f.spaceName}
            </Typography.Text>
          </span>
        ),
      }))}
    />
  );
}

/**
 * A member applies for a function of a security space (`ua/applyFuncAuth`): the function (fixed when `func` is
 * given, e.g. next to a refused authorisation; else chosen among the property's), until when (and from when), and
 * why. The application goes through the approval flow (apply type `function`); its pass authorises the member.
 */
export function ApplyFuncDialog({
  open,
  onClose,
  func,
}: {
  open: boolean;
  onClose: () => void;
  /** The function asked for, with what to call it; left out: the member chooses. */
  func?: { funcId: string; label: string };
}) {
  const { t } = useTranslation();
  const apply = useApiMutation('ua/applyFuncAuth', {
    invalidates: ['flowAudit/getMyApplyList'],
    success: (data) =>
      t(data.state === 'passed' ? 'security-chain.funcApply.passed' : 'security-chain.funcApply.filed'),
  });
  const submit = (v: ApplyValues) =>
    apply({
      funcId: func?.funcId ?? v.funcId,
      ...(v.start ? { startTime: v.start.startOf('day').valueOf() } : {}),
      endTime: (v.end as Dayjs).endOf('day').valueOf(),
      reason: v.reason.trim(),
    });
  const past = (d: Dayjs) => d.endOf('day').isBefore(dayjs());
  return (
    <FormDialog<ApplyValues>
      open={open}
      title={t('security-chain.funcApply.title')}
      testId="sc-apply-dialog"
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('security-chain.funcApply.help')}</Typography.Paragraph>
      {func ? (
        <Form.Item label={t('security-chain.userAuth.func')}>
          <Typography.Text translate="no" data-testid="sc-apply-func-fixed">
            {func.label}
          </Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item
          name="funcId"
          label={t('security-chain.userAuth.func')}
          rules={[{ required: true, message: t('security-chain.userAuth.funcRequired') }]}
        >
          <ApplyFuncSelect />
        </Form.Item>
      )}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item
          name="start"
          label={t('security-chain.privileged.start')}
          extra={t('security-chain.funcApply.startHelp')}
          style={{ flex: '1 1 160px' }}
        >
          <DatePicker data-testid="sc-apply-start" style={{ width: '100%' }} disabledDate={past} />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('security-chain.privileged.end')}
          dependencies={['start']}
          style={{ flex: '1 1 160px' }}
          rules={[
            { required: true, message: t('security-chain.funcApply.endRequired') },
            ({ getFieldValue }) => ({
              validator: async (_: unknown, end?: Dayjs | null) => {
                const start = getFieldValue('start') as Dayjs | null | undefined;
                if (start && end && end.endOf('day').valueOf() <= start.startOf('day').valueOf()) {
                  throw new Error(t('security-chain.privileged.endBeforeStart'));
                }
              },
            }),
          ]}
        >
          <DatePicker data-testid="sc-apply-end" style={{ width: '100%' }} disabledDate={past} />
        </Form.Item>
      </div>
      <Form.Item
        name="reason"
        label={t('security-chain.funcApply.reason')}
        rules={[
          { required: true, whitespace: true, message: t('security-chain.funcApply.reasonRequired') },
          { max: FUNC_APPLY_REASON_MAX, message: t('security-chain.tooLong', { max: FUNC_APPLY_REASON_MAX }) },
        ]}
      >
        <Input.TextArea data-testid="sc-apply-reason" rows={3} maxLength={FUNC_APPLY_REASON_MAX} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * "Apply for a function": a button opening ApplyFuncDialog, shown while the selected property has the security
 * business (any member may apply). Placed on the member approval page, beside one's own applications.
 */
export function ApplyFuncButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const businesses = useQuery(apiQuery('bn/getMyPropertyBusinessList', {}));
  const security = businesses.data?.some((b) => b.business === 'security' && b.disabled === 0);
  if (!security) return null;
  return (
    <>
      <Button icon={<FormOutlined />} onClick={() => setOpen(true)} data-testid="sc-apply-open">
        {t('security-chain.funcApply.open')}
      </Button>
      <ApplyFuncDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

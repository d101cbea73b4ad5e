import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Row from 'antd/es/row';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** The window fields' values: days, the start from its first moment, the end to its last. */
export interface GrantWindowValues {
  start?: Dayjs | null;
  end?: Dayjs | null;
}

/** The window as a call takes it (epoch ms; a side left empty is left out: no limit there). */
export function windowInput(v: GrantWindowValues): { startTime?: number; endTime?: number } {
  return {
    ...(v.start ? { startTime: v.start.startOf('day').valueOf() } : {}),
    ...(v.end ? { endTime: v.end.endOf('day').valueOf() } : {}),
  };
}

/** A grant's window inside an antd Form: from and until (days), side by side, stacked on a phone; each may be empty. */
export function GrantWindowFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="start"
          label={t('security-chain.deviceAuth.start')}
          extra={t('security-chain.deviceAuth.windowHelp')}
        >
          <DatePicker data-testid={`${testIdPrefix}-start`} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="end"
          label={t('security-chain.deviceAuth.end')}
          dependencies={['start']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_: unknown, end?: Dayjs | null) => {
                const start = getFieldValue('start') as Dayjs | null | undefined;
                if (start && end && end.endOf('day').valueOf() <= start.startOf('day').valueOf()) {
                  throw new Error(t('security-chain.deviceAuth.endBeforeStart'));
                }
              },
            }),
          ]}
        >
          <DatePicker data-testid={`${testIdPrefix}-end`} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

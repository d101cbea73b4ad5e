import { SOFT_AUTH_TYPES, type SoftAuthType } from '@keel/contract/endpoints/pc-software-model';
import Radio from 'antd/es/radio';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** The colour each auth type's tag is drawn in. */
const COLORS: Record<SoftAuthType, string> = { 0: 'green', 1: 'blue', 2: 'gold' };

/** An auth type as a tag (free, licensed, trial). */
export function AuthTypeTag({ value, testId }: { value: number; testId?: string }) {
  const { t } = useTranslation();
  const known = (SOFT_AUTH_TYPES as readonly number[]).includes(value);
  return (
    <Tag color={known ? COLORS[value as SoftAuthType] : undefined} data-testid={testId} data-auth-type={value}>
      {known ? t(`pc-software.authType.${value}`) : String(value)}
    </Tag>
  );
}

/**
 * The choice of a software's auth type (AuthTypeComponent): free, licensed or trial, each with what it means for
 * the people who install it. An antd Form control (`value`, `onChange`).
 */
export function AuthTypeComponent({
  id,
  value,
  onChange,
  disabled,
  testId = 'soft-auth-type',
}: {
  id?: string;
  value?: number;
  onChange?: (value: SoftAuthType) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange?.(e.target.value as SoftAuthType)}
      data-testid={testId}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {SOFT_AUTH_TYPES.map((type) => (
        <Radio key={type} value={type} data-testid={`${testId}-${type}`}>
          <span>{t(`pc-software.authType.${type}`)}</span>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t(`pc-software.authType.help${type}`)}
          </Typography.Text>
        </Radio>
      ))}
    </Radio.Group>
  );
}

import { FILE_SIZE_BASE } from '@keel/contract/constants';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Units a quota is entered in (SPEC §5: base 1000). */
const UNITS = [
  { label: 'MB', bytes: FILE_SIZE_BASE ** 2 },
  { label: 'GB', bytes: FILE_SIZE_BASE ** 3 },
  { label: 'TB', bytes: FILE_SIZE_BASE ** 4 },
] as const;

/** The largest unit that shows `bytes` as a whole number (GB for 0). */
function unitFor(bytes: number | undefined): (typeof UNITS)[number] {
  if (!bytes) return UNITS[1];
  return [...UNITS].reverse().find((u) => bytes % u.bytes === 0) ?? UNITS[0];
}

/**
 * A quota in bytes, entered as a number and a unit (MB, GB, TB; base 1000); usable as an antd Form item control.
 * The value is whole bytes; up to three decimals of the unit are kept.
 */
export function QuotaInput({
  value,
  onChange,
  id,
  testId = 'quota-input',
}: {
  value?: number;
  onChange?: (bytes: number | undefined) => void;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [unit, setUnit] = useState(() => unitFor(value));
  const [amount, setAmount] = useState<number | null>(value === undefined ? null : value / unit.bytes);
  useEffect(() => {
    if (value === undefined) return;
    // Follows a value set from outside (a reset form), keeping what is typed when it is the same.
    setAmount((current) =>
      current !== null && Math.round(current * unit.bytes) === value ? current : value / unit.bytes,
    );
  }, [value, unit]);
  const emit = (n: number | null, u: (typeof UNITS)[number]) =>
    onChange?.(n === null ? undefined : Math.round(n * u.bytes));
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number>
        id={id}
        data-testid={testId}
        min={0}
        precision={3}
        style={{ width: '100%' }}
        value={amount}
        onChange={(n) => {
          setAmount(n);
          emit(n, unit);
        }}
      />
      <Select
        aria-label={t('space.fields.quotaUnit')}
        data-testid={`${testId}-unit`}
        style={{ width: 90 }}
        value={unit.label}
        options={UNITS.map((u) => ({ value: u.label, label: u.label }))}
        onChange={(label) => {
          const next = UNITS.find((u) => u.label === label) ?? UNITS[1];
          setUnit(next);
          emit(amount, next);
        }}
      />
    </Space.Compact>
  );
}

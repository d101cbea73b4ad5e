import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';
import type { GroupKind } from '../api';

/** A searchable select of the selected property's titles, user sets or customers (first 20 matches); value = id. */
export function GroupSelect({
  kind,
  id,
  value,
  onChange,
  testId = 'group-select',
}: {
  kind: GroupKind;
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  value?: string;
  onChange?: (id: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      id={id}
      query={(str) => kind.list({ pageNum: 1, pageSize: 20, str: str || undefined }, 'property')}
      option={(g) => ({ value: g.id, label: g.name })}
      value={value}
      onChange={onChange}
      testId={testId}
      style={{ width: '100%' }}
      errorStatus
      placeholder={t('member-group.group.pick', { noun: t(`member-group.kinds.${kind.key}.noun`) })}
      emptyText={t('kit.empty')}
    />
  );
}

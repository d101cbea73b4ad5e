import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import type { TFunction } from 'i18next';
import type { ColumnSpec } from '../../shared/admin-kit/DataTable';
import { PropertyText } from './components/PropertyText';
import { SoftCell } from './components/SoftCell';

/** The operators' software column: name, public id and icon; searched by the list's `str` (its filter). */
export const softColumn = (t: TFunction, rowTestId: string): ColumnSpec<SoftItem> => ({
  key: 'str',
  title: t('pc-software-back.software'),
  width: 240,
  pinned: true,
  filter: true,
  render: (r) => (
    <SoftCell name={r.name} publicId={r.publicId} iconUrl={r.iconUrl} testId={`${rowTestId}-${r.softId}`} />
  ),
});

/** The property a row belongs to. */
export const propertyColumn = <T extends { propertyName: string; pno: string }>(t: TFunction): ColumnSpec<T> => ({
  key: 'property',
  title: t('pc-software-back.property'),
  width: 200,
  render: (r) => <PropertyText name={r.propertyName} pno={r.pno} />,
});

/** A 0/1 column's filter choices. */
export const yesNoFilter = (t: TFunction) => [
  { value: '1', label: t('pc-software-back.yes') },
  { value: '0', label: t('pc-software-back.no') },
];

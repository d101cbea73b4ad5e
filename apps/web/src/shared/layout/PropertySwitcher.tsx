import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import { useSelectProperty } from '../session/use-select-property';
import { SelectButton } from '../ui/SelectButton';

/** Stable empty list: a selector must not return a new array on every call. */
const NONE: never[] = [];

/** The head's property switcher: a select-only combobox over the user's properties. */
export function PropertySwitcher() {
  const { t } = useTranslation();
  const propertyList = useSession((s) => s.userInfo?.propertyList) ?? NONE;
  const pno = useSession((s) => s.selectedPropertyPno);
  const selectProperty = useSelectProperty();
  return (
    <SelectButton
      data-testid="property-switcher"
      aria-label={t('shell.property')}
      style={{ width: 'clamp(104px, 28vw, 260px)' }}
      placeholder={t('shell.noProperty')}
      value={pno}
      disabled={propertyList.length === 0}
      options={propertyList.map((p) => ({ value: p.pno, label: p.name }))}
      optionTestId={(value) => `property-option-${value}`}
      onChange={(value) => {
        const property = propertyList.find((p) => p.pno === value);
        if (property) void selectProperty(property);
      }}
    />
  );
}

import type { StoreAppItem } from '@keel/contract/endpoints/app-group';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../../shared/ui/AppCell';
import '../app-group.css';

/** An app as the store shows it: icon, name, summary and the version on the shelf; opens its details. */
export function StoreAppCard({ app, onOpen }: { app: StoreAppItem; onOpen: (app: StoreAppItem) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="k-store-card"
      onClick={() => onOpen(app)}
      data-testid={`store-app-${app.packageName}`}
      title={t('app-group.store.open', { name: app.appName })}
    >
      <AppIcon url={app.iconUrl} size={48} />
      <span className="k-store-card-text">
        <strong translate="no" title={app.appName}>
          {app.appName}
        </strong>
        {app.summary && (
          <span className="k-store-card-summary" translate="no">
            {app.summary}
          </span>
        )}
        <span className="k-store-card-version">{t('app-group.store.version', { version: app.versionName })}</span>
      </span>
    </button>
  );
}

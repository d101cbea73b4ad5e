import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';

/**
 * The footer of the app and version dialogs: cancel, save as a draft (0) or submit for review (1). `busy` names the
 * save under way; `blocked` keeps both saves off (an upload still running).
 */
export function DraftOrSubmitFooter({
  testPrefix,
  busy,
  blocked = false,
  onCancel,
  onSave,
}: {
  testPrefix: string;
  busy: 'draft' | 'submit' | null;
  blocked?: boolean;
  onCancel: () => void;
  onSave: (submit: 0 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} data-testid={`${testPrefix}-cancel`}>
        {t('kit.cancel')}
      </Button>
      <Button
        onClick={() => onSave(0)}
        loading={busy === 'draft'}
        disabled={blocked || busy === 'submit'}
        data-testid={`${testPrefix}-save-draft`}
      >
        {t('app-store.app.saveDraft')}
      </Button>
      <Button
        type="primary"
        onClick={() => onSave(1)}
        loading={busy === 'submit'}
        disabled={blocked || busy === 'draft'}
        data-testid={`${testPrefix}-submit`}
      >
        {t('app-store.app.submit')}
      </Button>
    </div>
  );
}

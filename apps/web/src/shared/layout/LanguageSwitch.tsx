import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n/switch-language';
import { GlobeIcon } from '../ui/line-icons';
import '../ui/ui.css';

/**
 * Toggles between Chinese and English; the button names the language it switches to. Its visible text is its
 * accessible name (axe `label-content-name-mismatch`); the hint is a tooltip. On phones the globe is left out.
 */
export function LanguageSwitch({ light }: { light?: boolean }) {
  const router = useRouter();
  const { i18n, t } = useTranslation();
  const target = i18n.language === 'en' ? 'zh-cn' : 'en';
  return (
    <button
      type="button"
      className={light ? 'k-btn k-btn--on-dark' : 'k-btn'}
      data-testid="language-switch"
      title={t('shell.switchLanguage')}
      lang={target === 'en' ? 'en' : 'zh-CN'}
      onClick={() => void switchLanguage(router, target)}
    >
      <span className="k-btn-icon k-lang-globe" aria-hidden>
        <GlobeIcon />
      </span>
      {target === 'en' ? 'English' : '中文'}
    </button>
  );
}

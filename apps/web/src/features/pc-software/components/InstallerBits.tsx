import type { SoftInstallerItem } from '@keel/contract/endpoints/pc-software';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** An installer's platform as words: "Windows x64 · exe". */
export function usePlatformText() {
  const { t } = useTranslation();
  return (i: Pick<SoftInstallerItem, 'os' | 'arch' | 'format'>) =>
    `${t(`pc-software.os.${i.os}`)} ${t(`pc-software.arch.${i.arch}`)} · ${i.format}`;
}

/** A version's installers as tags, one per platform. */
export function PlatformTags({ installers, testId }: { installers: readonly SoftInstallerItem[]; testId?: string }) {
  const { t } = useTranslation();
  const text = usePlatformText();
  if (installers.length === 0) return <span data-testid={testId}>{t('pc-software.installer.none')}</span>;
  return (
    <span data-testid={testId}>
      {installers.map((i) => (
        <Tag key={i.installerId} data-testid={`${testId}-${i.os}-${i.arch}-${i.format}`}>
          {text(i)}
        </Tag>
      ))}
    </span>
  );
}

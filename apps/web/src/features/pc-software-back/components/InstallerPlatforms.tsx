import type { SoftInstallerItem } from '@keel/contract/endpoints/pc-software';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** A version's installers as short tags: os, arch and format (`Windows x64 .exe`). */
export function InstallerPlatforms({ installers }: { installers: readonly SoftInstallerItem[] }) {
  const { t } = useTranslation();
  if (installers.length === 0) return <span>—</span>;
  return (
    <span>
      {installers.map((i) => (
        <Tag key={i.installerId} title={i.fileName}>
          {t(`pc-software-back.os.${i.os}`)} {t(`pc-software-back.arch.${i.arch}`)} .{i.format}
        </Tag>
      ))}
    </span>
  );
}

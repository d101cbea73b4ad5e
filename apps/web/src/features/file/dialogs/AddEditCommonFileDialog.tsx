import { type CommonFileItem, fileEndpoints } from '@keel/contract/endpoints/file';
import { id as idSchema } from '@keel/contract/envelope';
import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ResourceDialog } from '../../../shared/admin-kit/ResourceDialog';
import type { FormDeclaration } from '../../../shared/admin-kit/resource';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { SearchSelect } from '../../../shared/pickers/SearchSelect';
import { COMMON_FILE_LISTS } from '../api';

interface Values {
  name: string;
  version: string;
  remark: string;
  fid?: string;
}

/** A file of the member's spaces, searched by name (the content of a common file). */
function FilePicker({ value, onChange, id }: { value?: string; onChange?: (v?: string) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      id={id}
      query={(str) => apiQuery('fis/fi/getMyFileList', { pageNum: 1, pageSize: 20, str: str || undefined })}
      option={(f) => ({ value: f.fid, label: `${f.name} · ${f.spaceName} · ${formatFileSize(f.size)}` })}
      value={value}
      onChange={onChange}
      testId="common-file-fid"
      style={{ width: '100%' }}
      allowClear
      placeholder={t('file.repository.filePlaceholder')}
      emptyText={t('file.repository.noFiles')}
      ariaLabel={t('file.repository.file')}
    />
  );
}

function useCommonFileForm(): FormDeclaration<CommonFileItem, Values, never> {
  const { t } = useTranslation();
  return {
    save: ((row: CommonFileItem | undefined) =>
      row ? 'commonFile/updateCommonFileInfo' : 'commonFile/saveCommonFileInfo') as never,
    schema: fileEndpoints['commonFile/saveCommonFileInfo'].input,
    testId: 'common-file-dialog',
    title: (row) => (row ? t('file.repository.editTitle', { name: row.name }) : t('file.repository.createTitle')),
    initialValues: (row) => (row ? { name: row.name, version: row.version, remark: row.remark } : {}),
    fields: (row) => [
      {
        name: 'fid',
        label: t('file.repository.file'),
        type: 'custom',
        control: <FilePicker />,
        required: row ? undefined : t('file.repository.fileRequired'),
        extra: row ? t('file.repository.replaceHelp', { name: row.fileName }) : t('file.repository.fileHelp'),
      },
      {
        name: 'name',
        label: t('file.repository.name'),
        required: t('file.repository.nameRequired'),
        testId: 'common-file-name',
      },
      { name: 'version', label: t('file.repository.version'), testId: 'common-file-version' },
      { name: 'remark', label: t('file.repository.remark'), type: 'textarea', testId: 'common-file-remark' },
    ],
    input: (v, row) =>
      (row
        ? { id: row.id, fid: v.fid || undefined, name: v.name, version: v.version ?? '', remark: v.remark ?? '' }
        : { fid: v.fid as string, name: v.name, version: v.version ?? '', remark: v.remark ?? '' }) as never,
    success: (_d, input) => t('file.repository.saved', { name: (input as { name: string }).name }),
    invalidates: COMMON_FILE_LISTS,
    tooLong: (max) => t('file.repository.tooLong', { max }),
  };
}

const ID_SEARCH = z.object({ id: idSchema() }).partial();

/**
 * `/filerepository/AddEditCommonFileDlg[?id=]`: a new common file, or that one (fetched by id first; one out of
 * reach closes the dialog with a message), over the repository page.
 */
export function AddEditCommonFileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const form = useCommonFileForm();
  const { id } = useSearchOf(ID_SEARCH);
  const query = useQuery({
    ...apiQuery('commonFile/getCommonFileInfo', { pageNum: 1, pageSize: 1, id }),
    enabled: id !== undefined,
    retry: false,
    select: (data) => data.list[0],
  });
  const row = useRouteObject(query, id !== undefined, t('file.repository.notFound'), onClose);
  if (id !== undefined && !row) return null;
  return <ResourceDialog form={form} open row={row} onClose={onClose} />;
}

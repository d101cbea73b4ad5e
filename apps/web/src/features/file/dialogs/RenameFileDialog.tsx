import { type FileItem, fileEndpoints } from '@keel/contract/endpoints/file';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { FormFields } from '../../../shared/admin-kit/form-fields';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { FILE_LISTS } from '../api';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const BAD_NAME = /[/\\\u0000-\u001f\u007f]/;

/** Renames a file of a space (`fis/fi/renameFile`). */
export function RenameFileDialog({ file, onClose }: { file: FileItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useApiMutation('fis/fi/renameFile', {
    invalidates: FILE_LISTS,
    success: (data) => t('file.actions.renamed', { name: data.name }),
  });
  return (
    <FormDialog<{ name: string }>
      open={file !== null}
      title={t('file.rename.title', { name: file?.name ?? '' })}
      initialValues={file ? { name: file.name } : undefined}
      onClose={onClose}
      testId="file-rename-dialog"
      onSubmit={async ({ name }) => {
        if (!file) return false;
        if (name.trim() === file.name) return true;
        return rename({ fid: file.fid, name: name.trim() });
      }}
    >
      <FormFields
        schema={fileEndpoints['fis/fi/renameFile'].input}
        tooLong={(max) => t('file.repository.tooLong', { max })}
        fields={[
          {
            name: 'name',
            label: t('file.rename.name'),
            required: t('file.rename.required'),
            validate: (v) => !BAD_NAME.test(v) || t('file.rename.invalid'),
            testId: 'file-rename-name',
            autoFocus: true,
          },
        ]}
      />
    </FormDialog>
  );
}

import { toast } from '../toast/toast-store';
import { ApiError } from './api-error';
import { api } from './client';

/** SPEC §5: a non-zero status shows the server's msg in an error toast and the check reports false. */
export async function phoneNumExists(phoneNum: string): Promise<boolean> {
  try {
    const data = await api('a/ifPhoneNumExist', { phoneNum }, { notify: false });
    return data.exist === 1;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'status') toast.error(error.message);
    return false;
  }
}

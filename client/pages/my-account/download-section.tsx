import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import { ApiError } from '../../api/http.ts';
import { downloadProfile, EXPORT_PROFILE_PATH } from '../../api/member.ts';
import { Button } from '../../ui/button.tsx';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';

/** Hands a file to the browser's download under the given name. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the click; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Download Data: Profile.csv with everything stored about the member. */
export function DownloadSection() {
  const { t } = useTranslation();
  const { trigger, isMutating: busy } = useSWRMutation(EXPORT_PROFILE_PATH, downloadProfile);

  const download = async () => {
    try {
      saveFile(await trigger(), 'Profile.csv');
      toastSuccess('account.download.done');
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'unauthorized')) toastError({ messageKey: 'account.download.failed' });
    }
  };

  return (
    <AccountSection id="download-data" title="account.download.title">
      <p>{t('account.download.intro')}</p>
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        {t('account.download.button')}
      </Button>
    </AccountSection>
  );
}

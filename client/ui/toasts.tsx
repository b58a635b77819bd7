import { useTranslation } from 'react-i18next';
import { useStore } from '../state/store.ts';
import { dismissToast, toastStore, type Toast } from '../state/toasts.ts';
import { AlertIcon, CheckCircleIcon, CloseIcon } from './icons.tsx';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const success = toast.severity === 'SUCCESS';
  return (
    <div className={success ? 'toast toast--success' : 'toast toast--error'}>
      <span className="toast__icon">{success ? <CheckCircleIcon /> : <AlertIcon />}</span>
      <span className="visually-hidden">{t(success ? 'common.toastSuccess' : 'common.toastError')}: </span>
      <span className="toast__text">{toast.text || (toast.messageKey ? t(toast.messageKey) : '')}</span>
      <button type="button" className="toast__close" onClick={() => dismissToast(toast.id)} aria-label={t('common.close')}>
        <CloseIcon />
      </button>
    </div>
  );
}

/**
 * The toast area. It is always in the page, so screen readers announce toasts added to it;
 * errors use the assertive region and stay until closed, successes the polite one.
 */
export function Toasts() {
  const toasts = useStore(toastStore);
  const errors = toasts.filter((toast) => toast.severity === 'ERROR');
  const successes = toasts.filter((toast) => toast.severity === 'SUCCESS');
  return (
    <div className="toasts">
      <div className="toasts__list" role="alert" aria-live="assertive">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div className="toasts__list" role="status" aria-live="polite">
        {successes.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </div>
  );
}

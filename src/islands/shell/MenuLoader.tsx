import { useTranslation } from './I18nRoot.tsx';

/** Full-screen overlay while the app menu loads for the first time. */
export function MenuLoader() {
  const { t } = useTranslation();
  return (
    <div className="bg-base-100/80 fixed inset-0 z-[60] grid place-items-center backdrop-blur-sm" role="status">
      <div className="flex flex-col items-center gap-3">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <span className="text-base-content/80 text-sm font-medium">{t('menu.loading')}</span>
      </div>
    </div>
  );
}

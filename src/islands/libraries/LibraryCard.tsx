import { useTranslation } from '../shell/I18nRoot.tsx';
import type { EpustakaCard } from '../../lib/libraries/schema.ts';
import { epustakaPath } from '../../lib/libraries/rules.ts';
import { LibraryLogo } from './LibraryLogo.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';

/** One library in the directory: logo, name, public/private label, member and title counts. */
export function LibraryCard({ library }: { library: EpustakaCard }) {
  const { t } = useTranslation();
  return (
    <a
      href={epustakaPath(library.id)}
      className="bg-base-100 border-base-300 hover:border-primary/50 focus-visible:outline-primary flex h-full flex-col items-center gap-3 rounded-box border p-4 text-center shadow-sm transition-colors"
    >
      <LibraryLogo name={library.epustaka_name} id={library.id} src={library.epustaka_logo} className="size-16 text-xl" />
      <span className="line-clamp-2 font-semibold leading-snug">{library.epustaka_name}</span>
      <span className={`badge badge-sm gap-1 ${library.epustaka_isprivate ? 'badge-warning' : 'badge-success'}`}>
        <CatalogueIcon name={library.epustaka_isprivate ? 'lock' : 'globe'} className="size-3" />
        {t(library.epustaka_isprivate ? 'libraries.label.private' : 'libraries.label.public')}
      </span>
      <span className="text-base-content/70 mt-auto flex flex-wrap justify-center gap-x-3 text-xs">
        <span>{t('libraries.count.members', { count: library.member_count })}</span>
        <span>{t('libraries.count.books', { count: library.collection_count })}</span>
      </span>
    </a>
  );
}

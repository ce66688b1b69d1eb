import { CATALOGUE_ICONS, type CatalogueIconName } from '../../components/catalogue/icons.ts';

/** A decorative stroke icon of the book pages (hidden from assistive technology). */
export function CatalogueIcon({ name, className = 'size-5' }: { name: CatalogueIconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {CATALOGUE_ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

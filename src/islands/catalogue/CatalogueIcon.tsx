import { CATALOGUE_ICONS, type CatalogueIconName } from '../../components/catalogue/icons.ts';
import { StrokeIcon } from '../shell/Icon.tsx';

/** A decorative stroke icon of the book pages (hidden from assistive technology). */
export function CatalogueIcon({ name, className = 'size-5' }: { name: CatalogueIconName; className?: string }) {
  return <StrokeIcon paths={CATALOGUE_ICONS[name]} className={className} />;
}

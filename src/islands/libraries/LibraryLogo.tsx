import { useState } from 'react';
import { avatarColor, initials } from '../../lib/account/avatar.ts';

/** A library's logo, or its initials on its colour when it has none or it fails to load (decorative: the name is next to it). */
export function LibraryLogo({ name, id, src, className = 'size-12 text-base' }: { name: string; id: string; src: string | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return <img src={src} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} className={`${className} bg-base-200 shrink-0 rounded-box object-contain`} />;
  }
  return (
    <span aria-hidden="true" className={`${className} ${avatarColor(name, id).className} grid shrink-0 place-items-center rounded-box font-bold text-white`}>
      {initials(name)}
    </span>
  );
}

import { useState } from 'react';
import { avatarColor, initials } from '../../lib/account/avatar.ts';

interface Props {
  name: string | null | undefined;
  id: string | null | undefined;
  src?: string | null;
  /** Tailwind size and text classes. */
  className?: string;
}

/** The user's picture, or their initials on their colour when there is none or it fails to load. */
export function Avatar({ name, id, src, className = 'size-9 text-sm' }: Props) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className={`${className} bg-base-300 shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} ${avatarColor(name, id).className} grid shrink-0 place-items-center rounded-full leading-none font-semibold text-white`}
    >
      {initials(name)}
    </span>
  );
}

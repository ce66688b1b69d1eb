import { useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import { I18nRoot } from '../shell/I18nRoot.tsx';
import { DistrictPicker, type DistrictChoice } from './DistrictPicker.tsx';

interface Props {
  lang: Lang;
  id: string;
  name: string;
  label: string;
  initial: DistrictChoice | null;
  error?: string | null;
}

/** The district picker of a plain form (registration): it posts `district_id` and `district_label`. */
export function DistrictField({ lang, initial, ...props }: Props) {
  const [value, setValue] = useState<DistrictChoice | null>(initial);
  return (
    <I18nRoot lang={lang}>
      <DistrictPicker {...props} value={value} onChange={setValue} />
    </I18nRoot>
  );
}

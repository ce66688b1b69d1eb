import { useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import { withTexts } from '../shell/I18nRoot.tsx';
import { DistrictPicker, type DistrictChoice } from './DistrictPicker.tsx';

interface Props {
  lang: Lang;
  id: string;
  name: string;
  label: string;
  initial: DistrictChoice | null;
  error?: string | null;
}

/**
 * The district picker of a plain form (registration): it posts `district_id` and `district_label`.
 */
export const DistrictField = withTexts(DistrictFieldIsland, ['account']);

function DistrictFieldIsland({ initial, error: initialError, ...props }: Props) {
  const [value, setValue] = useState<DistrictChoice | null>(initial);
  // The error of a failed submit goes away once a district is chosen.
  const [error, setError] = useState(initialError ?? null);
  const choose = (choice: DistrictChoice | null) => {
    setValue(choice);
    if (choice) setError(null);
  };
  return <DistrictPicker {...props} error={error} value={value} onChange={choose} />;
}

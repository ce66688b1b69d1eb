import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Place } from '../../lib/schools/schema.ts';
import { listProvinces, listRegencies, notifySchoolError } from '../../lib/schools/store.ts';

/** The provinces, and the regencies and cities of the chosen province, for a form's pickers. */
export function usePlaces(t: TFunction, provinceCode: string | undefined): { provinces: Place[]; regencies: Place[] } {
  const [provinces, setProvinces] = useState<Place[]>([]);
  const [regencies, setRegencies] = useState<Place[]>([]);
  useEffect(() => {
    listProvinces().then(setProvinces, (e) => notifySchoolError(t, e));
  }, [t]);
  useEffect(() => {
    setRegencies([]);
    if (provinceCode) listRegencies(provinceCode).then(setRegencies, (e) => notifySchoolError(t, e));
  }, [provinceCode, t]);
  return { provinces, regencies };
}

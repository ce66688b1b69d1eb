import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { AccountProfile } from '../../lib/account/schema.ts';
import { BIO_MAX, validateProfileForm, type ProfileForm as ProfileValues } from '../../lib/account/rules.ts';
import { remainingErrors } from '../../lib/forms/field-errors.ts';
import { accountErrorText } from '../../lib/i18n/account-errors.ts';
import { $profileForm, profileFormValues, saveProfile, touchProfileForm } from '../../lib/account/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { DistrictPicker, type DistrictChoice } from './DistrictPicker.tsx';
import { TextField } from './TextField.tsx';

/** The change-profile tab (each field checked by its rule, with its message; PUT auth/account scope profile). */
export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const state = useStore($profileForm);
  const [values, setValues] = useState<ProfileValues>(() => profileFormValues(profile));
  const [district, setDistrict] = useState<DistrictChoice | null>(() =>
    profile.district_id ? { id: profile.district_id, label: [profile.district_name, profile.regency_name, profile.province_name].filter(Boolean).join(', ') || profile.district_id } : null,
  );
  const message = (field: keyof ProfileValues) => {
    const code = state.errors[field];
    return code ? accountErrorText(t, { code }) : null;
  };
  // After a failed save, a field's error goes as soon as the field is fixed.
  const set = (field: keyof ProfileValues) => (value: string) => {
    const next = { ...values, [field]: value } as ProfileValues;
    setValues(next);
    touchProfileForm(field, remainingErrors(state.errors, validateProfileForm(next), field));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await saveProfile(values)) notify('success', t('account.settings.form.saved'));
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {state.error && (
        <p className="alert alert-error text-sm" role="alert">
          {accountErrorText(t, state.error)}
        </p>
      )}
      <TextField id="profile-name" label={t('account.settings.form.name')} value={values.name} onChange={set('name')} error={message('name')} autoComplete="name" />
      <div className="flex flex-col gap-1">
        <label htmlFor="profile-gender" className="text-sm font-medium">
          {t('account.settings.form.gender')}
        </label>
        <select id="profile-gender" className="select w-full" value={values.gender} onChange={(e) => set('gender')(e.target.value)}>
          <option value="">{t('account.settings.gender.unset')}</option>
          <option value="male">{t('account.settings.gender.male')}</option>
          <option value="female">{t('account.settings.gender.female')}</option>
        </select>
      </div>
      <TextField id="profile-phone" type="tel" inputMode="tel" label={t('account.settings.form.phone')} value={values.phone} onChange={set('phone')} error={message('phone')} autoComplete="tel" />
      <TextField id="profile-address" label={t('account.settings.form.address')} value={values.address} onChange={set('address')} error={message('address')} autoComplete="street-address" />
      <DistrictPicker
        id="profile-district"
        label={t('account.settings.form.district')}
        value={district}
        onChange={(choice) => {
          setDistrict(choice);
          set('district_id')(choice?.id ?? '');
        }}
        error={message('district_id')}
      />
      <TextField id="profile-bio" multiline maxLength={BIO_MAX} label={t('account.settings.form.bio')} value={values.bio} onChange={set('bio')} error={message('bio')} />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={state.saving}>
          {state.saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('account.settings.form.save')}
        </button>
      </div>
      <p className="sr-only" role="status">
        {state.saved ? t('account.settings.form.saved') : ''}
      </p>
    </form>
  );
}

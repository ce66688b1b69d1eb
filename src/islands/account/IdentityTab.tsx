import { useTranslation } from '../shell/I18nRoot.tsx';
import type { AccountProfile } from '../../lib/account/schema.ts';
import { bioText, genderOf } from '../../lib/account/rules.ts';
import { formatPhone } from '../../lib/contract/format.ts';

/** The read-only identity tab: what the account holds, a dash for what is empty. */
export function IdentityTab({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const gender = genderOf(profile.gender);
  const district = profile.district_name ? [profile.district_name, profile.regency_name, profile.province_name].filter(Boolean).join(', ') : '-';
  const rows: [string, string][] = [
    ['name', profile.name],
    ['email', profile.email],
    ['gender', gender ? t(`account.settings.gender.${gender}`) : '-'],
    ['phone', formatPhone(profile.phone) || '-'],
    ['address', profile.address || '-'],
    ['district', district],
    ['bio', bioText(profile.bio)],
    ['organization', profile.organizations.name || '-'],
    ['epustaka', profile.epustaka.map((e) => e.epustaka_name).join(', ') || '-'],
  ];
  return (
    <dl className="divide-base-300 divide-y">
      {rows.map(([key, value]) => (
        <div key={key} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="text-base-content/70 text-sm font-medium">{t(`account.settings.identity.${key}`)}</dt>
          <dd className="text-sm break-words whitespace-pre-line sm:col-span-2" data-field={key}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

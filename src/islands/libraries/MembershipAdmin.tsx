import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { EpustakaMember } from '../../lib/libraries/schema.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import { membershipPath } from '../../lib/libraries/rules.ts';
import { $membershipBusy, approve, askRemove, hasMore, memberList, notifyLibraryError, requestList } from '../../lib/libraries/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { AddMembersDialog } from './AddMembersDialog.tsx';
import { MembershipConfirm } from './MembershipConfirm.tsx';
import { LoanLimitForm } from './LoanLimitForm.tsx';
import { formatDate } from '../../lib/contract/format.ts';

export type MembershipTab = 'members' | 'requests';

interface Props {
  lang: Lang;
  libraries: { id: string; epustaka_name: string; request_count: number; max_loans_per_member: number; is_owner: boolean }[];
  epustakaId: string;
  tab: MembershipTab;
  /** The open tab's first page, rendered by the server. */
  initial: ListBody<EpustakaMember>;
}

/**
 * /membership: library picker, the loan limit per member (set by the owner), members
 * and join-request tabs, the add-members dialog.
 */
export const MembershipAdmin = withTexts(MembershipAdminIsland, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'libraries']);

function MembershipAdminIsland({ lang, ...props }: Props) {
  return <Admin {...props} lang={lang} />;
}

function Admin({ libraries, epustakaId: firstId, tab: firstTab, initial, lang }: Props) {
  const { t } = useTranslation();
  const [epustakaId, setEpustakaId] = useState(firstId);
  const [tab, setTab] = useState<MembershipTab>(firstTab);
  const [adding, setAdding] = useState(false);
  const [limits, setLimits] = useState(() => new Map(libraries.map((lib) => [lib.id, lib.max_loans_per_member])));
  const library = libraries.find((lib) => lib.id === epustakaId);
  const store = tab === 'members' ? memberList : requestList;
  useState(() => {
    if (!import.meta.env.SSR) store.seed({ epustaka_id: firstId }, initial);
  });
  const state = useStore(store.$state);
  const fresh = state.loaded || state.loading;
  const items = fresh ? state.items : initial.data;
  const total = fresh ? state.total : initial.meta.total;
  // The picker's "(n requests)" follows the requests list: once it is read again (after approving
  // or declining), the open library's count is its total.
  const requests = useStore(requestList.$state);
  const [requestCounts, setRequestCounts] = useState(() => new Map(libraries.map((lib) => [lib.id, lib.request_count])));
  useEffect(() => {
    if (tab !== 'requests' || !requests.loaded || requests.loading) return;
    setRequestCounts((counts) => (counts.get(epustakaId) === requests.total ? counts : new Map(counts).set(epustakaId, requests.total)));
  }, [tab, epustakaId, requests.loaded, requests.loading, requests.total]);

  const show = (nextId: string, nextTab: MembershipTab) => {
    setEpustakaId(nextId);
    setTab(nextTab);
    window.history.replaceState(null, '', membershipPath(nextId, nextTab));
    const next = nextTab === 'members' ? memberList : requestList;
    next.load({ epustaka_id: nextId }).catch((error) => notifyLibraryError(t, error));
  };

  const tabs: MembershipTab[] = ['members', 'requests'];
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3 max-[459px]:flex-col max-[459px]:items-stretch">
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor="membership-picker" className="mb-1 text-sm font-semibold">
            {t('libraries.admin.picker')}
          </label>
          <select id="membership-picker" className="select select-bordered w-full" value={epustakaId} onChange={(e) => show(e.target.value, tab)}>
            {libraries.map((lib) => (
              <option key={lib.id} value={lib.id}>
                {(requestCounts.get(lib.id) ?? 0) > 0 ? t('libraries.admin.pickerRequests', { name: lib.epustaka_name, count: requestCounts.get(lib.id) }) : lib.epustaka_name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          <CatalogueIcon name="users" />
          {t('libraries.admin.addMembers')}
        </button>
      </div>

      {library ? (
        <LoanLimitForm
          key={library.id}
          epustakaId={library.id}
          limit={limits.get(library.id) ?? library.max_loans_per_member}
          isOwner={library.is_owner}
          onSaved={(limit) => setLimits((current) => new Map(current).set(library.id, limit))}
        />
      ) : null}

      <div role="tablist" aria-label={t('libraries.admin.tabsLabel')} className="tabs tabs-border max-[459px]:grid max-[459px]:grid-cols-2">
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`membership-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="membership-panel"
            className={`tab ${tab === id ? 'tab-active font-semibold' : ''}`}
            onClick={() => tab !== id && show(epustakaId, id)}
          >
            {t(`libraries.admin.${id}`)}
          </button>
        ))}
      </div>

      <section id="membership-panel" role="tabpanel" aria-labelledby={`membership-tab-${tab}`} aria-busy={state.loading}>
        {items.length === 0 && !state.loading ? (
          <p className="border-base-300 text-base-content/70 rounded-box border border-dashed px-6 py-10 text-center">
            {state.error ? t('libraries.admin.error') : t(tab === 'members' ? 'libraries.admin.emptyMembers' : 'libraries.admin.emptyRequests')}
          </p>
        ) : (
          <ul className="divide-base-300 bg-base-100 rounded-box divide-y shadow-sm">
            {items.map((member) => (
              <MemberRow key={member.membership_id} member={member} tab={tab} lang={lang} />
            ))}
          </ul>
        )}
        <div className="mt-4 flex flex-col items-center gap-2">
          {items.length > 0 ? (
            <p className="text-base-content/70 text-sm" role="status">
              {t('libraries.admin.shown', { shown: items.length, total })}
            </p>
          ) : null}
          {hasMore({ ...state, items, total, loaded: true }) ? (
            <button type="button" className="btn btn-outline btn-primary btn-sm" disabled={state.loading} onClick={() => store.more().catch((e) => notifyLibraryError(t, e))}>
              {t('libraries.admin.loadMore')}
            </button>
          ) : null}
        </div>
      </section>

      <AddMembersDialog open={adding} onClose={() => setAdding(false)} epustakaId={epustakaId} />
      <MembershipConfirm />
    </div>
  );
}

function MemberRow({ member, tab, lang }: { member: EpustakaMember; tab: MembershipTab; lang: Lang }) {
  const { t } = useTranslation();
  const busy = useStore($membershipBusy) === member.membership_id;
  const date = (iso: string) => formatDate(iso, lang, 'short');
  const note =
    tab === 'requests'
      ? t('libraries.admin.requestedAt', { date: date(member.joined_at) })
      : member.member_status === 3
        ? t('libraries.admin.expired')
        : member.expires_at
          ? t('libraries.admin.until', { date: date(member.expires_at) })
          : t('libraries.admin.noEnd');
  return (
    <li className="flex items-center gap-3 px-4 py-3 max-[459px]:flex-wrap max-[459px]:px-3" data-member={member.id}>
      <Avatar name={member.name} id={member.id} src={member.avatar_url} className="size-10 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">
          {member.name}
          {member.is_owner ? <span className="badge badge-primary badge-sm ml-2">{t('libraries.admin.owner')}</span> : null}
          {!member.is_owner && member.is_admin ? <span className="badge badge-ghost badge-sm ml-2">{t('libraries.admin.administrator')}</span> : null}
        </p>
        <p className={`text-sm ${member.member_status === 3 ? 'text-error' : 'text-base-content/70'}`}>{note}</p>
      </div>
      <div className="flex gap-2 max-[459px]:w-full max-[459px]:justify-end">
        {tab === 'requests' ? (
          <>
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => askRemove(member, 'decline')}>
              {t('libraries.admin.decline')}
            </button>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy} onClick={() => void approve(t, member)}>
              {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              {t('libraries.admin.approve')}
            </button>
          </>
        ) : member.is_owner ? null : (
          <button type="button" className="btn btn-outline btn-error btn-sm" disabled={busy} onClick={() => askRemove(member)}>
            {t('libraries.admin.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

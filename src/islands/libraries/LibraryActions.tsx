import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { epustakaPath, libraryJoinButton, membershipPath } from '../../lib/libraries/rules.ts';
import { hasMore, joinLibrary, loadMemberModal, memberModalList, notifyLibraryError } from '../../lib/libraries/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Modal } from '../shell/Modal.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';

interface Props {
  lang: Lang;
  userId: string;
  library: { id: string; epustaka_name: string; epustaka_isprivate: boolean; has_join: boolean; member_status: 0 | 1 | 3 | null; member_count: number; is_admin: boolean };
}

/**
 * The signed-in library page's actions: the member count (opens the member
 * list), the join button with its dialog, share, and for administrators a way to /membership.
 */
export const LibraryActions = withTexts(Actions, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'libraries']);

function Actions({ userId, library }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const [membership, setMembership] = useState({ has_join: library.has_join, member_status: library.member_status });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const button = libraryJoinButton({ ...membership, epustaka_isprivate: library.epustaka_isprivate });
  const dialogKind = button.label === 'extend' ? 'extend' : library.epustaka_isprivate ? 'ask' : 'join';

  const join = async () => {
    setBusy(true);
    const status = await joinLibrary(t, library, userId);
    setBusy(false);
    setAsking(false);
    if (status !== null) {
      setMembership({ has_join: true, member_status: status });
      // The page shows what membership opens (books, notices): read it again.
      if (status === 1) window.location.reload();
    }
  };
  const share = async () => {
    const url = `${window.location.origin}${epustakaPath(library.id)}`;
    try {
      if (navigator.share) await navigator.share({ title: library.epustaka_name, url });
      else {
        await navigator.clipboard.writeText(url);
        notify('success', t('catalogue.share.copied'));
      }
    } catch {
      // The visitor closed the share sheet.
    }
  };
  const openMembers = () => {
    setMembersOpen(true);
    loadMemberModal(library.id).catch((error) => notifyLibraryError(t, error));
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-ghost btn-sm gap-1.5" onClick={openMembers} aria-haspopup="dialog">
        <CatalogueIcon name="users" className="size-4" />
        {t('libraries.count.members', { count: library.member_count })}
      </button>
      <button
        type="button"
        className={`btn btn-sm ${button.label === 'joined' ? 'btn-success btn-outline' : 'btn-primary'}`}
        disabled={button.disabled || busy}
        onClick={() => button.action === 'join' && setAsking(true)}
      >
        <CatalogueIcon name={button.label === 'joined' ? 'check' : 'join'} className="size-4" />
        {t(`libraries.join.${button.label}`)}
      </button>
      <button type="button" className="btn btn-ghost btn-sm gap-1.5" onClick={() => void share()}>
        <CatalogueIcon name="share" className="size-4" />
        {t('libraries.detail.share')}
      </button>
      {library.is_admin ? (
        <a className="btn btn-outline btn-sm" href={membershipPath(library.id)}>
          {t('libraries.detail.manage')}
        </a>
      ) : null}

      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={t(`libraries.join.${dialogKind}Title`)}
        widthClass="max-w-md"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)} disabled={busy}>
              {t('libraries.join.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void join()} disabled={busy} aria-busy={busy}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {t(`libraries.join.${button.label}`)}
            </button>
          </>
        }
      >
        <p>{t(`libraries.join.${dialogKind}Text`, { name: library.epustaka_name })}</p>
      </Modal>

      <Modal open={membersOpen} onClose={() => setMembersOpen(false)} title={t('libraries.detail.memberListTitle', { name: library.epustaka_name })}>
        <MemberModalList />
      </Modal>
    </div>
  );
}

function MemberModalList() {
  const { t } = useTranslation();
  const state = useStore(memberModalList.$state);
  if (state.loaded && state.items.length === 0) return <p className="text-base-content/70 py-6 text-center text-sm">{t('libraries.detail.memberListEmpty')}</p>;
  return (
    <div aria-busy={state.loading}>
      <ul className="flex flex-col gap-2">
        {state.items.map((member) => (
          <li key={member.membership_id} className="flex items-center gap-3">
            <Avatar name={member.name} id={member.id} src={member.avatar_url} className="size-9 text-sm" />
            <span className="min-w-0 flex-1 truncate">{member.name}</span>
            {member.is_owner ? <span className="badge badge-primary badge-sm">{t('libraries.admin.owner')}</span> : null}
          </li>
        ))}
      </ul>
      {state.loading && !state.loaded ? <span className="loading loading-spinner mx-auto block" aria-hidden="true" /> : null}
      {hasMore(state) ? (
        <div className="mt-3 flex justify-center">
          <button type="button" className="btn btn-ghost btn-sm" disabled={state.loading} onClick={() => memberModalList.more().catch((e) => notifyLibraryError(t, e))}>
            {t('libraries.detail.loadMore')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

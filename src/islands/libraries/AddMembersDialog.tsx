import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { addMembers, hasMore, nonMemberList, notifyLibraryError } from '../../lib/libraries/store.ts';
import { Modal } from '../shell/Modal.tsx';
import { Avatar } from '../shell/Avatar.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  epustakaId: string;
}

/** Adds users who are not members yet: search, choose several, Add (disabled until one is chosen). */
export function AddMembersDialog({ open, onClose, epustakaId }: Props) {
  const { t } = useTranslation();
  const state = useStore(nonMemberList.$state);
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setChosen(new Set());
    setQ('');
    nonMemberList.load({ epustaka_id: epustakaId }).catch((error) => notifyLibraryError(t, error));
  }, [open, epustakaId, t]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    nonMemberList.load({ epustaka_id: epustakaId, q: q.trim() || undefined }).catch((error) => notifyLibraryError(t, error));
  };
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const submit = async () => {
    setSaving(true);
    const done = await addMembers(t, epustakaId, [...chosen]);
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('libraries.admin.addTitle')}
      footer={
        <>
          <span className="text-base-content/70 mr-auto self-center text-sm">{t('libraries.admin.selected', { count: chosen.size })}</span>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={chosen.size === 0 || saving} aria-busy={saving} onClick={() => void submit()}>
            {saving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {t('libraries.admin.addSubmit', { count: chosen.size })}
          </button>
        </>
      }
    >
      <form role="search" onSubmit={search} className="mb-3 flex gap-2">
        <input
          type="search"
          className="input input-bordered min-w-0 flex-1"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('libraries.admin.addSearch')}
          aria-label={t('libraries.admin.addSearch')}
          maxLength={200}
        />
        <button type="submit" className="btn btn-outline">
          {t('libraries.directory.search')}
        </button>
      </form>
      {state.loaded && state.items.length === 0 ? (
        <p className="text-base-content/70 py-6 text-center text-sm">{t('libraries.admin.addNone')}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-busy={state.loading}>
          {state.items.map((user) => (
            <li key={user.id}>
              <label className="hover:bg-base-200 flex cursor-pointer items-center gap-3 rounded-field px-2 py-2">
                <input type="checkbox" className="checkbox checkbox-primary checkbox-sm" checked={chosen.has(user.id)} onChange={() => toggle(user.id)} />
                <Avatar name={user.name} id={user.id} src={user.avatar_url} className="size-8 text-xs" />
                <span className="min-w-0 flex-1 truncate">{user.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {hasMore(state) ? (
        <div className="mt-3 flex justify-center">
          <button type="button" className="btn btn-ghost btn-sm" disabled={state.loading} onClick={() => nonMemberList.more().catch((e) => notifyLibraryError(t, e))}>
            {t('libraries.admin.loadMore')}
          </button>
        </div>
      ) : null}
    </Modal>
  );
}

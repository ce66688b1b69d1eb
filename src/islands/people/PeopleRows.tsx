import { useMemo, useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import { loadUserProfile } from '../../lib/people/store.ts';
import type { Reloadable } from '../../lib/social/store.ts';
import { FollowButton } from '../catalogue/FollowButton.tsx';
import { FollowConfirmDialog } from '../catalogue/FollowConfirmDialog.tsx';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { PersonList, type PersonListRow } from './PersonList.tsx';

interface Props {
  lang: Lang;
  rows: PersonListRow[];
  viewerId: string | null;
  label: string;
  anchors?: boolean;
  /** Suggestions: a person followed leaves the list. */
  dropFollowed?: boolean;
}

/**
 * A page's list of people (search results, suggested friends, followers and following), rendered
 * by the server and then given its follow buttons: each asks first, then its row shows the new
 * state.
 */
export const PeopleRows = withTexts(Rows, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'people']);

function Rows({ rows: initial, viewerId, label, anchors, dropFollowed = false }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(initial);
  // One refresh per row: after a follow changes, the row asks for its member's follow state again.
  const refreshers = useMemo(() => {
    const byId = new Map<string, Reloadable>();
    for (const row of initial) {
      byId.set(row.id, {
        async reload() {
          const profile = await loadUserProfile(row.id);
          setRows((current) =>
            dropFollowed && profile.followed
              ? current.filter((r) => r.id !== row.id)
              : current.map((r) => (r.id === row.id ? { ...r, followed: profile.followed, follow_id: profile.follow_id } : r)),
          );
        },
      });
    }
    return byId;
  }, [initial, dropFollowed]);
  return (
    <>
      <PersonList
        rows={rows}
        viewerId={viewerId}
        label={label}
        youLabel={t('people.you')}
        anchors={anchors}
        action={(row) => (viewerId ? <FollowButton user={row} viewerId={viewerId} list={refreshers.get(row.id) ?? null} /> : null)}
      />
      <FollowConfirmDialog />
    </>
  );
}

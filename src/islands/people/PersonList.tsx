import type { ReactNode } from 'react';
import type { UserBrief } from '../../lib/contract/users.ts';
import { builtHref } from '../../lib/site/built-pages.ts';
import { bioText, profileHref } from '../../lib/people/rules.ts';
import { Avatar } from '../shell/Avatar.tsx';

export interface PersonListRow extends UserBrief {
  bio?: string | null;
}

interface Props {
  rows: PersonListRow[];
  viewerId: string | null;
  /** The list's accessible name. */
  label: string;
  /** Shown after one's own name. */
  youLabel: string;
  /** Something at the end of each row (a follow button). */
  action?: (row: PersonListRow) => ReactNode;
  /** Gives each row an id `row-N` (1-based) for a 'more' link to land on. */
  anchors?: boolean;
}

/**
 * People as rows: avatar (or initials), name linking to their profile, and their bio as text.
 * Rendered by the server in pages and by islands in dialogs.
 */
export function PersonList({ rows, viewerId, label, youLabel, action, anchors = false }: Props) {
  return (
    <ul aria-label={label} className="divide-base-300 divide-y" data-person-list>
      {rows.map((row, index) => {
        const bio = bioText(row.bio);
        const href = builtHref(profileHref(row.id, viewerId));
        return (
          <li key={row.id} id={anchors ? `row-${index + 1}` : undefined} className="flex scroll-mt-24 items-center gap-3 py-3" data-person={row.id}>
            <a href={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
              <Avatar name={row.name} id={row.id} src={row.avatar_url} className="size-11 text-sm" />
            </a>
            <div className="min-w-0 flex-1">
              <a href={href} className="link link-hover block truncate font-semibold">
                {row.name}
                {row.id === viewerId ? <span className="text-base-content/70 font-normal"> ({youLabel})</span> : null}
              </a>
              {bio !== '-' ? <p className="text-base-content/70 truncate text-sm">{bio}</p> : null}
            </div>
            {action ? action(row) : null}
          </li>
        );
      })}
    </ul>
  );
}

import { useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { ContentEpustaka } from '../../lib/media/schema.ts';
import { membershipState } from '../../lib/libraries/membership-rules.ts';
import { joinMembership } from '../../lib/catalogue/book-actions-store.ts';
import { Modal } from '../shell/Modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  epustaka: ContentEpustaka | null;
  userId: string;
}

/**
 * The join / private-content dialog a non-member sees instead of playback: why the item is
 * closed, and the join button (or renew, for an expired membership, or the disabled waiting
 * label while a request waits). The dialog's own close control is its only close.
 */
export function MediaGate({ open, onClose, epustaka, userId }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const state = epustaka ? membershipState(epustaka.has_join, epustaka.member_status) : 'none';
  const label = state === 'pending' ? 'pendingApproval' : state === 'expired' ? 'extend' : epustaka?.epustaka_isprivate ? 'askToJoin' : 'join';
  // Joining and renewing an expired membership are one action, as on the book page.
  const canJoin = epustaka !== null && (state === 'none' || state === 'expired');
  const join = async () => {
    if (!epustaka) return;
    setBusy(true);
    const outcome = await joinMembership(t, epustaka, userId);
    setBusy(false);
    if (outcome === 'active') window.location.reload();
    else onClose();
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('media.private.title')}
      footer={
        epustaka ? (
          <button type="button" className="btn btn-primary" disabled={!canJoin || busy} onClick={() => void join()} data-gate-join>
            {t(`catalogue.membership.${label}`)}
          </button>
        ) : undefined
      }
    >
      <p data-media-gate>
        {t(`media.private.${state}`, { epustaka: epustaka?.epustaka_name ?? '' })}
      </p>
    </Modal>
  );
}

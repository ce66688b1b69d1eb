import { useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { ContentEpustaka } from '../../lib/api/schemas/media.ts';
import { membershipState } from '../../lib/domain/membership.ts';
import { joinForMedia } from '../../lib/stores/media.ts';
import { Modal } from '../shell/Modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  epustaka: ContentEpustaka | null;
  userId: string;
}

/**
 * The join / private-content dialog a non-member sees instead of playback (spec 03 §2.3–2.4,
 * §4.5): why the item is closed, and the join button when joining is possible.
 */
export function MediaGate({ open, onClose, epustaka, userId }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const state = epustaka ? membershipState(epustaka.has_join, epustaka.member_status) : 'none';
  const label = state === 'pending' ? 'pendingApproval' : state === 'expired' ? 'extend' : epustaka?.epustaka_isprivate ? 'askToJoin' : 'join';
  const canJoin = epustaka !== null && state === 'none';
  const join = async () => {
    if (!epustaka) return;
    setBusy(true);
    const active = await joinForMedia(t, epustaka, userId);
    setBusy(false);
    if (active) window.location.reload();
    else onClose();
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('media.private.title')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('media.private.close')}
          </button>
          {epustaka && (
            <button type="button" className="btn btn-primary" disabled={!canJoin || busy} onClick={() => void join()} data-gate-join>
              {t(`catalogue.membership.${label}`)}
            </button>
          )}
        </>
      }
    >
      <p data-media-gate>
        {t(`media.private.${state}`, { epustaka: epustaka?.epustaka_name ?? '' })}
      </p>
    </Modal>
  );
}

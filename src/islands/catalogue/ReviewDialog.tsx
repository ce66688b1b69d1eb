import { useTranslation } from '../shell/I18nRoot.tsx';
import { Modal } from '../shell/Modal.tsx';
import { ReviewForm } from './ReviewForm.tsx';

export interface ReviewTarget {
  /** The book's id; the form starts over for another book. */
  id: string;
  book_title: string;
  /** The user's review, or null to write a new one. */
  own: { rating_level: number | null; rating_comment: string | null } | null;
}

interface Props {
  /** The book being reviewed, or null when closed. */
  target: ReviewTarget | null;
  busy: boolean;
  onSave: (input: { level: number | null; text: string }) => void;
  onClose: () => void;
}

/**
 * The review dialog: the book page's review form in a modal, in create mode without
 * a review and in edit mode with one. Whoever opens it saves through `onSave`.
 */
export function ReviewDialog({ target, busy, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const title = target ? t(target.own ? 'catalogue.review.yourReview' : 'catalogue.review.write') : '';
  return (
    <Modal open={target !== null} onClose={onClose} title={title}>
      {target ? (
        <>
          <p className="text-base-content/80 mb-3 font-semibold">{target.book_title}</p>
          <ReviewForm key={target.id} variant="plain" own={target.own} busy={busy} onSave={onSave} />
        </>
      ) : null}
    </Modal>
  );
}

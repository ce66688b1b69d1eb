import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { formatOfferDeadline } from '../../lib/lending/rules.ts';
import { $loanConfirmation, closeLoanConfirmation } from '../../lib/lending/loan-confirmation.ts';
import { Modal } from '../shell/Modal.tsx';

/** Says that the loan was made and until when it runs, and offers to start reading. */
export function LoanConfirmation() {
  const { t, i18n } = useTranslation();
  const loan = useStore($loanConfirmation);
  return (
    <Modal
      open={loan !== null}
      onClose={closeLoanConfirmation}
      title={t('lending.confirmation.title')}
      footer={
        loan ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={closeLoanConfirmation}>
              {t('lending.confirmation.later')}
            </button>
            <a href={loan.readHref} className="btn btn-primary">
              {t('lending.confirmation.read')}
            </a>
          </>
        ) : null
      }
    >
      {loan ? (
        <div data-loan-confirmation>
          <p>{t('catalogue.borrow.done', { title: loan.title })}</p>
          <p className="mt-2 font-semibold">
            {t('lending.confirmation.due', { date: formatOfferDeadline(loan.dueAt, i18n.language) })}
          </p>
          <p className="text-base-content/70 mt-2 text-sm">{t('lending.confirmation.after')}</p>
        </div>
      ) : null}
    </Modal>
  );
}

import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';

interface Props {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** A destructive action (delete, return, remove) is red; a friendly one uses the primary colour. */
  tone?: 'danger' | 'primary';
  widthClass?: string;
}

/** The one yes-or-no question asked before an action: cancel on the left, the action on the right. */
export function ConfirmModal({ open, title, children, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false, tone = 'danger', widthClass = 'max-w-sm' }: Props) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      widthClass={widthClass}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { COMMENT_MAX_CHARS } from '../../lib/comments/rules.ts';
import { isBlank } from '../../lib/contract/text.ts';

interface Props {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  /** Resolves true when the text was saved (the box then empties). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  testId?: string;
}

/** A comment's text box: Enter sends (Shift+Enter for a new line); the button waits for text. */
export function CommentBox({ label, submitLabel, initial = '', autoFocus = false, onSubmit, onCancel, testId }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const blank = isBlank(text);
  const submit = async () => {
    if (blank || busy) return;
    setBusy(true);
    try {
      if (await onSubmit(text.trim())) setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="flex flex-col gap-2"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        className="textarea textarea-bordered w-full"
        placeholder={label}
        maxLength={COMMENT_MAX_CHARS}
        value={text}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            {t('comments.cancel')}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={blank || busy}>
          {busy ? <span className="loading loading-spinner loading-xs" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

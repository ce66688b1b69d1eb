import { checkField, type FieldRule } from '../../lib/forms/field-errors.ts';

/*
 * The small script of the server-rendered account forms built from Field.astro (register, reset
 * password, link): after a failed submit, the error of a field goes away as soon as the field is
 * fixed, checked with the same rules as the server (`data-rule` on the input); the form's summary
 * goes with the last error. Without it the forms still work; they only keep their errors until the
 * next submit. The show/hide button of a password field is password-toggle.ts.
 */

function describedBy(input: HTMLInputElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
}

function clearError(input: HTMLInputElement): void {
  const kept: string[] = [];
  for (const id of describedBy(input)) {
    const element = document.getElementById(id);
    if (element?.hasAttribute('data-field-error')) element.remove();
    else if (element) kept.push(id);
  }
  if (kept.length > 0) input.setAttribute('aria-describedby', kept.join(' '));
  else input.removeAttribute('aria-describedby');
  input.removeAttribute('aria-invalid');
  input.classList.remove('input-error');
  const form = input.form;
  if (form && !form.querySelector('[aria-invalid="true"]')) form.parentElement?.querySelector('[data-form-error]')?.remove();
}

function passes(input: HTMLInputElement): boolean {
  const rule = input.dataset.rule as FieldRule | undefined;
  if (!rule) return false;
  const other = input.dataset.confirms ? ((input.form?.elements.namedItem(input.dataset.confirms) as HTMLInputElement | null)?.value ?? '') : '';
  return checkField(rule, input.value, other) === null;
}

function onInput(event: Event): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.form) return;
  if (input.getAttribute('aria-invalid') === 'true' && passes(input)) clearError(input);
  // A confirmation is fixed by changing either of the two fields.
  for (const confirm of input.form.querySelectorAll<HTMLInputElement>(`input[data-confirms="${CSS.escape(input.name)}"][aria-invalid="true"]`)) {
    if (passes(confirm)) clearError(confirm);
  }
}

if (!(window as { __liveFields?: boolean }).__liveFields) {
  (window as { __liveFields?: boolean }).__liveFields = true;
  document.addEventListener('input', onInput);
}

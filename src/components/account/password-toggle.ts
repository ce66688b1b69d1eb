/*
 * The show/hide button of the password fields (PasswordToggle.astro): pressed, the field shows its
 * text (type "text"); pressed again, it is a password field again, as the browser's password
 * manager knows it. The buttons stay hidden until this script runs, since they cannot work
 * without it. The file imports nothing, so the pages whose only script it is (the sign-in page)
 * load a few hundred bytes, after the page has painted.
 */

function onToggle(event: Event): void {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-password-toggle]');
  if (!button) return;
  const input = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLInputElement | null;
  if (!input) return;
  const show = input.type === 'password';
  input.type = show ? 'text' : 'password';
  button.setAttribute('aria-pressed', String(show));
}

if (!(window as { __passwordToggle?: boolean }).__passwordToggle) {
  (window as { __passwordToggle?: boolean }).__passwordToggle = true;
  document.addEventListener('click', onToggle);
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-password-toggle]')) button.hidden = false;
}

/**
 * The system Chromium the browser tests and the bench drive (scripts/ensure-chromium.sh installs
 * it; Playwright's own browser downloads are not used), and the flags it needs on these machines:
 * no sandbox as root, no GPU, and no background traffic, which the closed network would refuse.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

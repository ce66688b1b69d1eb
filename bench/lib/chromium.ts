import { chromium, type Browser } from 'playwright';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.ts';


export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/** A mobile viewport like Lighthouse's default (Moto G Power). */
export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36',
};

/**
 * Lighthouse's slow 4G with a 4x slower CPU, applied through DevTools as the goal states it:
 * 150 ms round trip, 1638.4 kbps down, 750 kbps up.
 */
export const SLOW_4G = {
  latencyMs: 150,
  downloadBytesPerSecond: (1638.4 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/** Debian's Chromium for the browser tests (CHROMIUM_PATH overrides); tests skip, saying so, when it is absent. */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM)
  console.warn(`browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`);

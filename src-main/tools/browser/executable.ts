/** Finds an installed Chromium or Chrome; Playwright here never downloads a browser of its own. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const BROWSER_PATH_ENV = 'CADUCEUS_BROWSER_PATH';

const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** Where the desktop installers put the browser when it is not on PATH. */
const WELL_KNOWN: Partial<Record<NodeJS.Platform, string[]>> = {
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

export type BrowserLookup = { path: string } | { reason: string };

export function findBrowser(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): BrowserLookup {
  const configured = env[BROWSER_PATH_ENV]?.trim();
  if (configured) {
    if (isExecutable(configured)) return { path: configured };
    return { reason: `${BROWSER_PATH_ENV} is set to "${configured}", which is not an executable file` };
  }
  const suffix = platform === 'win32' ? '.exe' : '';
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of PATH_NAMES) {
      const candidate = join(dir, name + suffix);
      if (isExecutable(candidate)) return { path: candidate };
    }
  }
  for (const candidate of WELL_KNOWN[platform] ?? []) if (isExecutable(candidate)) return { path: candidate };
  return {
    reason:
      `No Chromium or Chrome found (looked on PATH for ${PATH_NAMES.join(', ')}): ` +
      `install one or set ${BROWSER_PATH_ENV}`,
  };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

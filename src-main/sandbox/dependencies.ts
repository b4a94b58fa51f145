/** Whether this machine can run the sandbox, and exactly what to install when it cannot. */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { checkLinuxDependencies } from '@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js';

export type Which = (name: string) => string | undefined;

export interface SandboxSupport {
  supported: boolean;
  /** Why not, in words a person can act on. */
  reason?: string;
  bwrapPath?: string;
  socatPath?: string;
}

export const LINUX_INSTALL_HINT =
  'install bubblewrap and socat (Debian/Ubuntu: `sudo apt-get install bubblewrap socat`; ' +
  'Fedora: `sudo dnf install bubblewrap socat`; Arch: `sudo pacman -S bubblewrap socat`)';

/** `command -v`, synchronously, on the PATH given. */
export function whichOn(path: string | undefined = process.env.PATH): Which {
  return (name) => {
    for (const dir of (path ?? '').split(delimiter)) {
      if (!dir) continue;
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
    return undefined;
  };
}

export function checkSandboxSupport(platform: NodeJS.Platform, which: Which): SandboxSupport {
  if (platform === 'darwin') return { supported: true };
  if (platform === 'win32')
    return {
      supported: false,
      reason:
        'the command sandbox does not run on Windows in Caduceus; use the docker or ssh backend, or WSL 2',
    };
  if (platform !== 'linux')
    return { supported: false, reason: `the command sandbox does not run on ${platform}` };
  const bwrapPath = which('bwrap');
  const socatPath = which('socat');
  const missing = [!bwrapPath && 'bubblewrap (bwrap)', !socatPath && 'socat'].filter(Boolean);
  if (missing.length > 0)
    return { supported: false, reason: `${missing.join(' and ')} not found on PATH: ${LINUX_INSTALL_HINT}` };
  // The library's own checks: a root process without CAP_SETFCAP, for one, cannot sandbox.
  const { errors } = checkLinuxDependencies({ bwrapPath, socatPath });
  if (errors.length > 0) return { supported: false, reason: errors.join('; ') };
  return { supported: true, bwrapPath, socatPath };
}

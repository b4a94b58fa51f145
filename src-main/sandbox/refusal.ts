/**
 * Recognises, in a finished command's output, what the sandbox refused: a write outside the
 * write roots, or a connection to a host that is not allowed. The model is told plainly, and a
 * person may let the command run outside the sandbox.
 */
import { isAbsolute, resolve } from 'node:path';
import type { FenceRefusal } from '../runtime/execDecision';
import type { SandboxPolicy } from './policy';

/** What the OS sandbox refused, as found in a command's output (limits are reported apart). */
export type SandboxRefusal = Exclude<FenceRefusal, { kind: 'limit' }>;

/**
 * A listed file reads as `Permission denied` (its mask) and a path in a listed folder as missing
 * (an empty tmpfs); either is the sandbox's refusal only when the path is on the read policy.
 */
const READ_PATTERNS: RegExp[] = [
  /(?:^|[\s'"`‘])([^\s'"`‘’:]+)['"`’]?: (?:Permission denied|No such file or directory)/gm,
  /(?:EACCES|ENOENT)[^\n]*?['"]([^'"]+)['"]/g,
  /\[Errno (?:13|2)\] [^:\n]+: '([^']+)'/g,
];

/**
 * `<path>: Read-only file system` (shells, coreutils), `EROFS ... '<path>'` (Node), `[Errno 30]
 * ...: '<path>'` (Python). Only the sandbox's mounts are read-only, so EROFS is always its
 * refusal (a protected file inside the workspace too); EACCES only for a path outside the roots.
 */
const WRITE_PATTERNS: { pattern: RegExp; readOnly: boolean }[] = [
  { pattern: /(?:^|[\s'"`‘])([^\s'"`‘’:]+)['"`’]?: Read-only file system/m, readOnly: true },
  { pattern: /EROFS[^\n]*?['"]([^'"]+)['"]/, readOnly: true },
  { pattern: /\[Errno 30\] Read-only file system: '([^']+)'/, readOnly: true },
  { pattern: /Read-only file system[^\n]*?['"‘]([^'"’]+)['"’]/, readOnly: true },
  { pattern: /(?:^|[\s'"`‘])(\/[^\s'"`‘’:]*)['"`’]?: Permission denied/m, readOnly: false },
  { pattern: /EACCES[^\n]*?['"](\/[^'"]+)['"]/, readOnly: false },
  { pattern: /\[Errno 13\] Permission denied: '(\/[^']+)'/, readOnly: false },
];

const HOST_PATTERNS: RegExp[] = [
  /Could not resolve host: ([\w.-]+)/,
  /getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([\w.-]+)/,
  /unable to resolve host address ['‘]([\w.-]+)['’]/,
  /Failed to resolve ['"]([\w.-]+)['"]/,
  /host='([\w.-]+)'/,
];
const NETWORK_SIGNS =
  /Temporary failure in name resolution|Name or service not known|Network is unreachable|Could not resolve host|ENOTFOUND|EAI_AGAIN|unable to resolve host|CONNECT tunnel failed, response 403/;

function underAny(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`));
}

function readRefusal(output: string, policy: SandboxPolicy, cwd?: string): SandboxRefusal | undefined {
  for (const pattern of READ_PATTERNS)
    for (const match of output.matchAll(pattern)) {
      const raw = match[1];
      if (!raw) continue;
      const path = isAbsolute(raw) || !cwd ? raw : resolve(cwd, raw);
      if (!underAny(path, policy.denyRead)) continue;
      const why = 'it holds secrets (credentials, keys, history, or sandbox.deny_read)';
      return { kind: 'read', path, message: `The sandbox refused to read ${path}: ${why}.` };
    }
  return undefined;
}

export function findRefusal(output: string, policy: SandboxPolicy, cwd?: string): SandboxRefusal | undefined {
  const read = readRefusal(output, policy, cwd);
  if (read) return read;
  for (const { pattern, readOnly } of WRITE_PATTERNS) {
    const raw = pattern.exec(output)?.[1];
    if (!raw) continue;
    const path = isAbsolute(raw) || !cwd ? raw : resolve(cwd, raw);
    const inRoots = underAny(path, policy.writeRoots) && !underAny(path, policy.denyWrite);
    if (inRoots && !readOnly) continue;
    const why = inRoots
      ? 'it is protected because it can make code run later (git hooks, shell start-up files, .envrc, editor tasks)'
      : `commands may write only ${policy.writeRoots.join(', ')}${
          underAny(path, policy.denyWrite) ? `, and never ${policy.denyWrite.join(', ')}` : ''
        }`;
    return { kind: 'write', path, message: `The sandbox refused to write ${path}: ${why}.` };
  }
  if (!NETWORK_SIGNS.test(output)) return undefined;
  const host = HOST_PATTERNS.map((p) => p.exec(output)?.[1]).find(Boolean);
  const allowed = policy.allowedDomains.length ? policy.allowedDomains.join(', ') : 'none';
  return {
    kind: 'network',
    ...(host ? { host } : {}),
    message: `The sandbox blocked network access${host ? ` to ${host}` : ''}: allowed hosts: ${allowed}.`,
  };
}

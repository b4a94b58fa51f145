/**
 * The checks a change to config.yaml's `sandbox:` passes before it is saved: the Settings form
 * runs them as the user types, and `settings.update` runs them again on what arrives.
 */
import { z } from 'zod';
import { SandboxModeSchema } from './ipc/schemas';

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;

/** Why `path` cannot be a writable root, or undefined when it can. */
export function writableRootError(path: string): string | undefined {
  if (path.trim() === '') return 'The folder is empty.';
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f]/.test(path)) return 'The path holds a control character.';
  const absolute =
    path.startsWith('/') ||
    path === '~' ||
    path.startsWith('~/') ||
    WINDOWS_DRIVE.test(path) ||
    path.startsWith('\\\\');
  if (!absolute) return 'Use an absolute path (/…, ~/… or C:\\…).';
  if (/^(\/+|[A-Za-z]:[\\/]*)$/.test(path))
    return 'That would make the whole disk writable; use mode off instead.';
  if (path.split(/[\\/]/).some((part) => part === '..' || part === '.'))
    return 'Write the path without . or .. parts.';
  if (/[*?[\]]/.test(path)) return 'Name one folder: wildcards are not supported here.';
  return undefined;
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/** Why `domain` cannot be an allowed host (`example.com`, `*.example.com`, `host:443`), or undefined. */
export function allowedDomainError(domain: string): string | undefined {
  if (domain.trim() === '') return 'The host is empty.';
  if (domain.includes('://') || domain.includes('/')) return 'Write the host only, without a scheme or path.';
  let host = domain;
  const colon = domain.lastIndexOf(':');
  if (colon !== -1) {
    const port = domain.slice(colon + 1);
    if (!/^[1-9][0-9]{0,4}$/.test(port) || Number(port) > 65535)
      return 'The port after ":" must be a number from 1 to 65535.';
    host = domain.slice(0, colon);
  }
  const wildcard = host.startsWith('*');
  if (wildcard) {
    if (host === '*') return 'Too broad: that would allow every host.';
    if (!host.startsWith('*.')) return 'A wildcard is allowed only as a leading "*.".';
    host = host.slice(2);
    if (host.split('.').filter(Boolean).length < 2)
      return 'Too broad: a wildcard needs a domain with a dot after it, as in *.example.com.';
  }
  if (host.includes('*')) return 'A wildcard is allowed only as a leading "*.".';
  if (host.length > 253) return 'The host is longer than 253 characters.';
  if (host.toLowerCase() === 'localhost') return undefined;
  const labels = host.split('.');
  if (labels.some((label) => !LABEL.test(label)))
    return 'Each label (between dots) must be 1–63 letters, digits, "-" or "_", not starting or ending with "-".';
  if (labels.length < 2) return 'Name a full host with a dot, such as example.com (or localhost).';
  return undefined;
}

/** Why `entry` cannot be added to `list`: its own check, or already there. */
export function listAddError(
  list: readonly string[],
  entry: string,
  check: (entry: string) => string | undefined,
): string | undefined {
  return check(entry) ?? (list.includes(entry) ? 'Already in the list.' : undefined);
}

const checked = (check: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const WritableRootSchema = checked(writableRootError);
export const AllowedDomainSchema = checked(allowedDomainError);

/** What `settings.update` may change under `sandbox:`; each list replaces the saved one. */
export const SandboxChangeSchema = z
  .object({
    mode: SandboxModeSchema,
    writable_roots: z.array(WritableRootSchema),
    network: z.object({ allowed_domains: z.array(AllowedDomainSchema) }).strict(),
  })
  .partial()
  .strict();
export type SandboxChange = z.infer<typeof SandboxChangeSchema>;

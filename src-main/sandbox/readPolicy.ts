/**
 * The read policy: files whose content must not reach the model or a command without a person's
 * yes. One list for the sandbox's denyRead and the in-process readers (read_file, search_files,
 * patch, vision), extended by config.yaml `sandbox.deny_read`. Paths are judged as written and
 * after resolving links, and a listed folder covers everything beneath it.
 */
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CADUCEUS_SECRETS, HOME_SECRETS } from '../config/secretStores';

export interface ReadPolicyPlaces {
  /** The user's home; default os.homedir(). */
  home?: string;
  /** `$CADUCEUS_HOME`. */
  caduceusHome?: string;
  /** config.yaml `sandbox.deny_read`: absolute or `~/…`. */
  denyRead?: readonly string[];
}

/** `~` and `~/…` under `home`; anything else resolved as it stands. */
export function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(home, path);
}

/** Every denied path, absolute, in list order. */
export function deniedPaths(places: ReadPolicyPlaces): string[] {
  const home = resolve(places.home ?? homedir());
  const own = places.caduceusHome
    ? CADUCEUS_SECRETS.map((n) => join(resolve(places.caduceusHome ?? ''), n))
    : [];
  const extra = (places.denyRead ?? []).map((p) => expandHome(p, home));
  return [...new Set([...HOME_SECRETS.map((n) => join(home, n)), ...own, ...extra])];
}

/** macOS file systems ignore case by default: ~/.SSH is ~/.ssh there. */
const fold = (path: string) => (process.platform === 'darwin' ? path.toLowerCase() : path);

export function isAtOrUnder(path: string, root: string): boolean {
  const p = fold(path);
  const r = fold(root);
  return p === r || p.startsWith(r.endsWith(sep) ? r : r + sep);
}

/** Where `path` really is: links resolved as far as it exists, the missing rest appended. */
export async function realLocation(path: string): Promise<string> {
  const rest: string[] = [];
  for (let at = resolve(path); ;) {
    try {
      return join(await realpath(at), ...rest.reverse());
    } catch {
      const parent = dirname(at);
      if (parent === at) return resolve(path);
      rest.push(basename(at));
      at = parent;
    }
  }
}

export interface DeniedRead {
  /** The denied entry that covers the path, as listed. */
  entry: string;
  /** The path as a person reads it: `~/…` under the home. */
  shown: string;
  /** Where the path really is. */
  real: string;
}

/** Judges paths against the list, entries resolved once (call `judge()` again for a fresh look). */
export type ReadJudge = (path: string) => Promise<DeniedRead | undefined>;

/** How long the entries' resolved locations are reused; a changed list is resolved at once. */
const RESOLVED_FOR_MS = 1_000;

type Resolved = { entry: string; forms: string[] }[];

export class ReadPolicy {
  private resolved: { key: string; at: number; entries: Promise<Resolved> } | undefined;

  /** `places` is read at each judgement, so a changed config.yaml applies to the next read. */
  constructor(private readonly places: () => ReadPolicyPlaces) {}

  /** Each entry as listed and where it really is (a dotfile manager's link, a linked home). */
  private entries(): Promise<Resolved> {
    const list = this.list();
    const key = list.join('\0');
    const now = Date.now();
    if (!this.resolved || this.resolved.key !== key || now - this.resolved.at > RESOLVED_FOR_MS) {
      const entries = Promise.all(
        list.map(async (entry) => ({ entry, forms: [...new Set([entry, await realLocation(entry)])] })),
      );
      this.resolved = { key, at: now, entries };
    }
    return this.resolved.entries;
  }

  list(): string[] {
    return deniedPaths(this.places());
  }

  /** `~/…` for a path under the home, for questions to a person. */
  shown(path: string): string {
    const home = resolve(this.places().home ?? homedir());
    const rel = relative(home, path);
    return rel === '' ? '~' : rel.startsWith('..') || isAbsolute(rel) ? path : `~/${rel}`;
  }

  async judge(): Promise<ReadJudge> {
    const entries = await this.entries();
    const cache = new Map<string, Promise<DeniedRead | undefined>>();
    const one = async (path: string): Promise<DeniedRead | undefined> => {
      const written = resolve(path);
      const real = await realLocation(written);
      const hit = entries.find(({ forms }) =>
        forms.some((form) => isAtOrUnder(written, form) || isAtOrUnder(real, form)),
      );
      return hit && { entry: hit.entry, shown: this.shown(written), real };
    };
    return (path) => {
      let found = cache.get(path);
      if (!found) cache.set(path, (found = one(path)));
      return found;
    };
  }

  /** Whether one path is denied; for a single read. */
  async denied(path: string): Promise<DeniedRead | undefined> {
    return (await this.judge())(path);
  }
}

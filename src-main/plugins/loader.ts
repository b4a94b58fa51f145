import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../runtime/types';
import { PendingRegistration, type RuntimeTargets } from './registration';

export interface PluginSource {
  name: string;
  origin: 'user' | 'project' | 'package';
  /** A folder (user/project plugins) or a package name. */
  location: string;
}

export interface PluginReport {
  loaded: PluginSource[];
  failed: (PluginSource & { error: string })[];
}

export interface PluginSettings {
  home: string;
  cwd: string;
  enabled: string[];
  packages: string[];
  enableProjectPlugins: boolean;
}

/** Which plugins may load: user ones listed in config, project ones only when opted in, packages. */
export async function findPlugins(settings: PluginSettings): Promise<PluginSource[]> {
  const out: PluginSource[] = [];
  const userDir = join(settings.home, 'plugins');
  for (const name of settings.enabled) out.push({ name, origin: 'user', location: join(userDir, name) });
  if (settings.enableProjectPlugins) {
    const projectDir = join(settings.cwd, '.caduceus', 'plugins');
    for (const name of await subfolders(projectDir))
      out.push({ name, origin: 'project', location: join(projectDir, name) });
  }
  for (const pkg of settings.packages) out.push({ name: pkg, origin: 'package', location: pkg });
  return out;
}

/**
 * Loads each plugin and commits what it registered (tools, hooks, toolsets) only when its
 * `register` finished, all or nothing: a plugin that fails is logged and skipped and leaves
 * nothing registered.
 */
export async function loadPlugins(
  sources: PluginSource[],
  deps: RuntimeTargets & { logger: Logger; resolveFrom: string[] },
): Promise<PluginReport> {
  const report: PluginReport = { loaded: [], failed: [] };
  for (const source of sources) {
    const pending = new PendingRegistration(source.name, deps.logger);
    try {
      const mod = (await import(await entryUrl(source, deps.resolveFrom))) as {
        register?: unknown;
        default?: { register?: unknown };
      };
      const register = mod.register ?? mod.default?.register;
      if (typeof register !== 'function') throw new Error('it exports no register(ctx) function');
      await register(pending.context());
      pending.commit(deps);
      report.loaded.push(source);
    } catch (err) {
      pending.discard();
      const error = err instanceof Error ? err.message : String(err);
      deps.logger.error(`Plugin "${source.name}" (${source.origin}) failed and was skipped: ${error}`);
      report.failed.push({ ...source, error });
    }
  }
  return report;
}

async function entryUrl(source: PluginSource, resolveFrom: string[]): Promise<string> {
  if (source.origin === 'package') {
    for (const base of resolveFrom) {
      try {
        return pathToFileURL(createRequire(join(resolve(base), 'package.json')).resolve(source.location))
          .href;
      } catch {
        // Try the next base directory.
      }
    }
    throw new Error(`package "${source.location}" is not installed (looked in ${resolveFrom.join(', ')})`);
  }
  const dir = source.location;
  if (!existsSync(dir)) throw new Error(`folder ${dir} does not exist`);
  const candidates = ['index.js', 'index.mjs'];
  const pkgPath = join(dir, 'package.json');
  if (existsSync(pkgPath)) {
    const main = (JSON.parse(await readFile(pkgPath, 'utf8')) as { main?: unknown }).main;
    if (typeof main === 'string') candidates.unshift(main);
  }
  const found = candidates.map((c) => join(dir, c)).find((p) => existsSync(p));
  if (!found) throw new Error(`no index.js, index.mjs or package.json main in ${dir}`);
  return pathToFileURL(found).href;
}

async function subfolders(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

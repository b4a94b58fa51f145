import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isMap, parseDocument, type Document } from 'yaml';
import { removeStaleTempFiles, writeAtomic } from './atomicFile';
import { ConfigSchema, type Config } from './schema';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * config.yaml on disk. Reads validate with zod; writes edit the YAML document (keeping the
 * user's comments and unknown keys), go through one queue so concurrent updates lose nothing,
 * and land atomically (temp file + rename). A file that cannot be parsed is reported and never
 * overwritten.
 */
/** One write queue per file, shared by every store of that path in this process. */
const queues = new Map<string, Promise<unknown>>();

export class ConfigStore {
  private latest: Config | undefined;
  private swept = false;
  private readonly listeners = new Set<(config: Config) => void>();

  constructor(readonly path: string) {}

  async load(): Promise<Config> {
    if (!this.swept) {
      this.swept = true;
      await removeStaleTempFiles(this.path);
    }
    this.latest = validate(await this.readDocument(), this.path);
    return this.latest;
  }

  /** The config as last loaded or saved; callers that must not wait use this. */
  get current(): Config {
    if (!this.latest) throw new ConfigError('config.yaml has not been loaded yet');
    return this.latest;
  }

  /** Called after every successful save, so changes apply without a restart. */
  onChange(listener: (config: Config) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Applies a change to the document and saves it; returns the validated new config. */
  update(change: (doc: Document, current: Config) => void): Promise<Config> {
    const key = resolve(this.path);
    const next = (queues.get(key) ?? Promise.resolve()).then(async () => {
      const doc = await this.readDocument();
      change(doc, validate(doc, this.path));
      const updated = validate(doc, this.path);
      await writeAtomic(this.path, doc.toString());
      this.latest = updated;
      for (const listener of this.listeners) listener(updated);
      return updated;
    });
    queues.set(
      key,
      next.catch(() => undefined),
    );
    return next;
  }

  /** Sets one value by key path, e.g. `['approvals', 'mode']`. */
  set(path: (string | number)[], value: unknown): Promise<Config> {
    return this.update((doc) => doc.setIn(path, value));
  }

  private async readDocument(): Promise<Document> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return blockDocument(parseDocument('{}\n'));
      throw new ConfigError(`Cannot read ${this.path}: ${(err as Error).message}`);
    }
    const doc = parseDocument(text.trim() === '' ? '{}\n' : text);
    if (doc.errors.length > 0) {
      throw new ConfigError(
        `${this.path} is not valid YAML (${doc.errors[0]?.message}); fix it by hand, it was left as it is`,
      );
    }
    if (doc.contents !== null && !isMap(doc.contents)) {
      throw new ConfigError(`${this.path} must hold a mapping at the top level; it was left as it is`);
    }
    return blockDocument(doc);
  }
}

/**
 * An empty file parses as the flow mapping `{}`, and everything added to it would be written in
 * flow style (`{ model: { … } }`); the file is written in block style, as the README's examples.
 */
function blockDocument(doc: Document): Document {
  if (isMap(doc.contents) && doc.contents.items.length === 0) doc.contents.flow = false;
  return doc;
}

function validate(doc: Document, path: string): Config {
  const parsed = ConfigSchema.safeParse(doc.toJS() ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${path}: ${issue?.path.join('.') || 'config'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

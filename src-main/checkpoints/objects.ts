/**
 * Git objects written straight into the store's object folder: a blob is hashed from the bytes
 * read here, so no git process ever reads the workspace (no filters, attributes or LFS apply),
 * and an object already stored is not written again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { git } from './storeGit';

/** A tree entry: git's mode (`100644`, `100755`, `120000`, `40000`), escaped name, object id. */
export interface TreeEntry {
  mode: string;
  name: string;
  oid: string;
}

/** Deflated bytes held for writing before they are written at once. */
const HELD_BYTES = 32 * 1024 * 1024;
const PARALLEL_WRITES = 64;

/**
 * Writes objects: a few are held and written in parallel by `flush()` (one slow disk operation
 * then costs its own time, not the sum of all); many are written as they come.
 */
export class ObjectWriter {
  private tmp = 0;
  private readonly held = new Map<string, { dir: string; file: string; data: Buffer }>();
  private heldBytes = 0;

  constructor(readonly gitDir: string) {}

  /** Stores `body` as an object of `type` and returns its id. */
  write(type: 'blob' | 'tree', body: Buffer): string {
    const header = Buffer.from(`${type} ${body.length}\0`);
    const oid = createHash('sha1').update(header).update(body).digest('hex');
    const dir = join(this.gitDir, 'objects', oid.slice(0, 2));
    const file = join(dir, oid.slice(2));
    if (this.held.has(oid) || existsSync(file)) return oid;
    const data = deflateSync(Buffer.concat([header, body]), { level: 1 });
    this.held.set(oid, { dir, file, data });
    this.heldBytes += data.length;
    if (this.heldBytes > HELD_BYTES) this.flushSync();
    return oid;
  }

  private temp(dir: string): string {
    return join(dir, `tmp-${process.pid}-${this.tmp++}`);
  }

  private flushSync(): void {
    for (const { dir, file, data } of this.held.values()) {
      const temp = this.temp(dir);
      try {
        writeFileSync(temp, data, { mode: 0o400 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(temp, data, { mode: 0o400 });
      }
      renameSync(temp, file);
    }
    this.held.clear();
    this.heldBytes = 0;
  }

  /** Writes every held object; a snapshot is complete once this returns. */
  async flush(): Promise<void> {
    // Many objects (a first snapshot) are written one by one: parallel writes would need as
    // many open files.
    if (this.held.size > PARALLEL_WRITES) return this.flushSync();
    const batch = [...this.held.values()];
    this.held.clear();
    this.heldBytes = 0;
    await Promise.all(
      batch.map(async ({ dir, file, data }) => {
        // The fan-out folder usually exists; git prune removes empty ones.
        const temp = this.temp(dir);
        try {
          await writeFile(temp, data, { mode: 0o400 });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          await mkdir(dir, { recursive: true, mode: 0o700 });
          await writeFile(temp, data, { mode: 0o400 });
        }
        await rename(temp, file);
      }),
    );
  }

  /** A loose object's content, or undefined when it is not stored loose. */
  readLoose(oid: string): Buffer | undefined {
    let raw: Buffer;
    try {
      const held = this.held.get(oid)?.data;
      raw = inflateSync(held ?? readFileSync(join(this.gitDir, 'objects', oid.slice(0, 2), oid.slice(2))));
    } catch {
      return undefined;
    }
    return raw.subarray(raw.indexOf(0) + 1);
  }

  /** The id of entry `name` of a loose tree. */
  treeEntry(tree: string, name: string): string | undefined {
    const body = this.readLoose(tree);
    if (!body) return undefined;
    for (let at = 0; at < body.length;) {
      const nul = body.indexOf(0, at);
      const entry = body.subarray(at, nul).toString();
      const oid = body.subarray(nul + 1, nul + 21).toString('hex');
      if (entry.slice(entry.indexOf(' ') + 1) === name) return oid;
      at = nul + 21;
    }
    return undefined;
  }

  /** Blobs by id, read in this process when stored loose, else through git. */
  async readMany(oids: string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const oid of oids) {
      const body = this.readLoose(oid);
      if (body) found.set(oid, body);
      else missing.push(oid);
    }
    for (const [oid, body] of await readBlobs(this.gitDir, missing)) found.set(oid, body);
    return found;
  }

  /** A tree from its entries, in git's order (a folder sorts as if its name ended in `/`). */
  tree(entries: TreeEntry[]): string {
    const key = (e: TreeEntry) => (e.mode === '40000' ? `${e.name}/` : e.name);
    const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))));
    const parts = sorted.flatMap((e) => [Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.oid, 'hex')]);
    return this.write('tree', Buffer.concat(parts));
  }
}

/** The contents of blobs, by id, through one `git cat-file --batch`. */
export async function readBlobs(gitDir: string, oids: string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(oids)];
  const found = new Map<string, Buffer>();
  if (unique.length === 0) return found;
  const { stdout } = await git(['cat-file', '--batch'], { gitDir, input: `${unique.join('\n')}\n` });
  let at = 0;
  for (const oid of unique) {
    const nl = stdout.indexOf(10, at);
    const header = stdout.subarray(at, nl).toString();
    const size = Number(header.split(' ')[2]);
    if (header.endsWith('missing') || !Number.isFinite(size))
      throw new Error(`object ${oid} is missing from the store`);
    found.set(oid, stdout.subarray(nl + 1, nl + 1 + size));
    at = nl + 1 + size + 1;
  }
  return found;
}

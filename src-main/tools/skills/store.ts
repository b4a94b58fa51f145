/**
 * Skills on disk: `<root>/<name>/SKILL.md`, or `<root>/<category>/<name>/SKILL.md`. Listing reads
 * only front matter; the body and the other files load on request (progressive disclosure).
 */
import { mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { assertName, parseSkill, SKILL_FILE } from './frontMatter';

export interface SkillSummary {
  name: string;
  description: string;
  category?: string;
}

export interface SkillProblem {
  path: string;
  error: string;
}

interface SkillDir {
  name: string;
  category?: string;
  dir: string;
}

const MAX_FILE_BYTES = 256 * 1024;
const MAX_LISTED_FILES = 200;

export class SkillStore {
  constructor(readonly root: string) {}

  async list(category?: string): Promise<{ skills: SkillSummary[]; invalid: SkillProblem[] }> {
    const skills: SkillSummary[] = [];
    const invalid: SkillProblem[] = [];
    for (const found of await this.scan()) {
      if (category !== undefined && found.category !== category) continue;
      try {
        const { frontMatter } = parseSkill(await readFile(join(found.dir, SKILL_FILE), 'utf8'));
        skills.push({ name: found.name, description: frontMatter.description, category: found.category });
      } catch (err) {
        invalid.push({ path: relative(this.root, found.dir), error: message(err) });
      }
    }
    return { skills, invalid };
  }

  /** The whole SKILL.md body plus the names of the skill's other files. */
  async view(name: string) {
    const found = await this.find(name);
    const { frontMatter, body } = parseSkill(await readFile(join(found.dir, SKILL_FILE), 'utf8'));
    const files = (await listFiles(found.dir)).filter((f) => f !== SKILL_FILE);
    return { name: found.name, category: found.category, frontMatter, body, files };
  }

  /** One file inside the skill's folder; paths that lead outside it are refused. */
  async viewFile(name: string, file: string): Promise<{ name: string; file: string; content: string }> {
    const found = await this.find(name);
    const folder = await realpath(found.dir);
    let target: string;
    try {
      target = await realpath(resolve(found.dir, file));
    } catch {
      throw new Error(`Skill "${found.name}" has no file "${file}"`);
    }
    if (!target.startsWith(folder + sep)) throw new Error(`"${file}" is outside the skill's folder`);
    const info = await stat(target);
    if (!info.isFile()) throw new Error(`"${file}" is not a file`);
    if (info.size > MAX_FILE_BYTES) throw new Error(`"${file}" is larger than ${MAX_FILE_BYTES} bytes`);
    const bytes = await readFile(target);
    if (bytes.includes(0)) throw new Error(`"${file}" is a binary file`);
    return { name: found.name, file: relative(folder, target), content: bytes.toString('utf8') };
  }

  /** Throws why `create` would fail, before anyone is asked about it. */
  async checkCreate(name: string, content: string, category?: string): Promise<void> {
    checkName(name, content);
    if (category !== undefined) assertName(category, 'category');
    if (await this.tryFind(name)) throw new Error(`A skill named "${name}" already exists`);
  }

  async create(name: string, content: string, category?: string): Promise<string> {
    await this.checkCreate(name, content, category);
    const parent = category ? join(this.root, category) : this.root;
    await mkdir(parent, { recursive: true });
    const dir = join(parent, name);
    await mkdir(dir);
    await writeAtomic(join(dir, SKILL_FILE), content);
    return relative(this.root, dir);
  }

  /** Throws why `content` cannot be the SKILL.md of `name`. */
  checkContent(name: string, content: string): void {
    checkName(name, content);
  }

  /** The skill's folder (relative to the root), its SKILL.md as it is now and its files. */
  async current(name: string): Promise<{ path: string; content: string; files: string[] }> {
    const found = await this.find(name);
    const content = await readFile(join(found.dir, SKILL_FILE), 'utf8');
    return { path: relative(this.root, found.dir), content, files: await listFiles(found.dir) };
  }

  /** With `expected`, refuses when SKILL.md changed since it was read (and shown to a person). */
  async edit(name: string, content: string, expected?: string): Promise<string> {
    checkName(name, content);
    const found = await this.find(name);
    await unchangedSince(found, expected);
    await writeAtomic(join(found.dir, SKILL_FILE), content);
    return relative(this.root, found.dir);
  }

  async delete(name: string, expected?: string): Promise<string> {
    const found = await this.find(name);
    await unchangedSince(found, expected);
    await rm(found.dir, { recursive: true, force: true });
    return relative(this.root, found.dir);
  }

  /** Accepts "name" or "category/name". */
  async find(name: string): Promise<SkillDir> {
    const found = await this.tryFind(name);
    if (!found) throw new Error(`No skill named "${name}"; skills_list shows the available ones`);
    return found;
  }

  private async tryFind(name: string): Promise<SkillDir | undefined> {
    const [first, second] = name.split('/');
    const matches = (await this.scan()).filter((s) =>
      second === undefined ? s.name === first : s.category === first && s.name === second,
    );
    return matches[0];
  }

  /** Skill folders one or two levels below the root, sorted; hidden folders are skipped. */
  private async scan(): Promise<SkillDir[]> {
    const out: SkillDir[] = [];
    for (const top of await subdirs(this.root)) {
      const dir = join(this.root, top);
      if (await isFile(join(dir, SKILL_FILE))) {
        out.push({ name: top, dir });
        continue;
      }
      for (const inner of await subdirs(dir)) {
        const skillDir = join(dir, inner);
        if (await isFile(join(skillDir, SKILL_FILE))) out.push({ name: inner, category: top, dir: skillDir });
      }
    }
    return out;
  }
}

async function unchangedSince(found: SkillDir, expected: string | undefined): Promise<void> {
  if (expected === undefined) return;
  if ((await readFile(join(found.dir, SKILL_FILE), 'utf8')) !== expected)
    throw new Error(`Skill "${found.name}" changed while its change was being approved; nothing was written`);
}

/** The front matter must be valid and carry the same name as the folder. */
function checkName(name: string, content: string): void {
  assertName(name, 'skill name');
  const { frontMatter } = parseSkill(content);
  if (frontMatter.name !== name)
    throw new Error(`front matter name "${frontMatter.name}" must match the skill name "${name}"`);
}

async function subdirs(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/** Relative paths of the files in a skill folder, breadth first, capped. */
async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const queue = [''];
  while (queue.length > 0 && out.length < MAX_LISTED_FILES) {
    const rel = queue.shift() ?? '';
    const entries = await readdir(join(root, rel), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) queue.push(path);
      else if (entry.isFile()) out.push(path);
    }
  }
  return out.slice(0, MAX_LISTED_FILES);
}

async function writeAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, content, 'utf8');
  await rename(temp, path);
}

export function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

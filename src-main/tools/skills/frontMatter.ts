/** SKILL.md = YAML front matter (name, description, anything else) + a Markdown body. */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

export const SKILL_FILE = 'SKILL.md';

/** Lowercase words joined by hyphens; also the folder name, so it must be path-safe. */
export const SkillNameSchema = z
  .string()
  .max(64, 'a skill name has at most 64 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a skill name is lowercase letters, digits and single hyphens');

export function assertName(name: string, what: string): void {
  const checked = SkillNameSchema.safeParse(name);
  if (!checked.success) throw new Error(`Invalid ${what} "${name}": ${checked.error.issues[0]?.message}`);
}

export const SkillFrontMatterSchema = z.looseObject({
  name: SkillNameSchema,
  description: z
    .string()
    .trim()
    .min(1, 'description must say what the skill is for')
    .max(1024, 'description has at most 1024 characters'),
});
export type SkillFrontMatter = z.infer<typeof SkillFrontMatterSchema>;

export interface ParsedSkill {
  frontMatter: SkillFrontMatter;
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parses and validates a SKILL.md; throws an Error whose message says what to fix. */
export function parseSkill(text: string): ParsedSkill {
  const match = FENCE.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new Error(`${SKILL_FILE} must start with YAML front matter between "---" lines`);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (err) {
    throw new Error(`front matter is not valid YAML: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const checked = SkillFrontMatterSchema.safeParse(data ?? {});
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`);
    throw new Error(`invalid front matter: ${problems.join('; ')}`);
  }
  return { frontMatter: checked.data, body: text.slice(match[0].length).trim() };
}

import { join } from 'node:path';
import { toolError } from '../runtime/errors';
import type { ToolArgs } from '../runtime/types';
import { message, SkillStore } from './skills/store';
import { fn, type ToolModuleContext } from './toolModule';

export const SKILL_SCHEMAS = {
  skills_list: fn(
    'skills_list',
    'List available skills (reusable instructions) with their one-line descriptions. Load one with skill_view.',
    { category: { type: 'string', description: 'Only skills in this category folder' } },
  ),
  skill_view: fn(
    'skill_view',
    "Load a skill's full instructions and the names of its other files; pass `file` to read one of them.",
    {
      name: { type: 'string', description: 'Skill name, or "category/name"' },
      file: { type: 'string', description: 'A file inside the skill folder, e.g. "references/api.md"' },
    },
    ['name'],
  ),
  skill_manage: fn(
    'skill_manage',
    'Create, edit or delete a skill: a folder holding SKILL.md, which starts with YAML front matter ' +
      '(name: the skill name; description: when to use it) followed by Markdown instructions.',
    {
      action: { type: 'string', enum: ['create', 'edit', 'delete'] },
      name: { type: 'string', description: 'Lowercase words joined by hyphens, e.g. "deploy-docs"' },
      content: { type: 'string', description: 'create/edit: the whole SKILL.md, front matter included' },
      category: { type: 'string', description: 'create: put the skill in this category folder' },
    },
    ['action', 'name'],
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  const home = ctx.services.home;
  const store = home ? new SkillStore(join(home, 'skills')) : undefined;
  const reason = 'Skills need the Caduceus home folder (CADUCEUS_HOME), which was not provided';
  const checkFn = () => store !== undefined || reason;
  const run = (work: (s: SkillStore, args: ToolArgs) => Promise<unknown>) => async (args: ToolArgs) => {
    if (!store) return toolError(reason);
    try {
      return await work(store, args);
    } catch (err) {
      return toolError(message(err));
    }
  };
  const base = { toolset: 'skills', checkFn, isAsync: true };
  ctx.registry.register({
    ...base,
    name: 'skills_list',
    schema: SKILL_SCHEMAS.skills_list,
    emoji: '📚',
    parallelSafe: true,
    handler: run(async (s, args) => {
      const { skills, invalid } = await s.list(optional(args.category));
      return invalid.length ? { skills, invalid } : { skills };
    }),
  });
  ctx.registry.register({
    ...base,
    name: 'skill_view',
    schema: SKILL_SCHEMAS.skill_view,
    emoji: '📚',
    parallelSafe: true,
    handler: run((s, args) => {
      const file = optional(args.file);
      return file ? s.viewFile(String(args.name), file) : s.view(String(args.name));
    }),
  });
  ctx.registry.register({
    ...base,
    name: 'skill_manage',
    schema: SKILL_SCHEMAS.skill_manage,
    emoji: '📝',
    handler: run(manage),
  });
}

async function manage(store: SkillStore, args: ToolArgs) {
  const name = String(args.name);
  const content = optional(args.content);
  if (args.action === 'delete') return { deleted: await store.delete(name) };
  if (content === undefined) throw new Error(`${String(args.action)} needs the whole SKILL.md in "content"`);
  if (args.action === 'create')
    return { created: await store.create(name, content, optional(args.category)) };
  return { updated: await store.edit(name, content) };
}

function optional(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

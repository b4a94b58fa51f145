import { join } from 'node:path';
import { z } from 'zod';
import { CODING_PRESETS } from '../runtime/toolsetCatalog';
import { toolError } from '../runtime/errors';
import { functionSchema, typedHandler } from '../runtime/typedArgs';
import { manageSkill } from './skills/changes';
import { message, SkillStore } from './skills/store';
import type { CommandGate, ToolModuleContext } from './toolModule';
import type { ToolContext } from '../runtime/types';

const SkillsListArgs = z.strictObject({
  category: z.string().optional().describe('Only skills in this category folder'),
});

const SkillViewArgs = z.strictObject({
  name: z.string().describe('Skill name, or "category/name"'),
  file: z.string().optional().describe('A file inside the skill folder, e.g. "references/api.md"'),
});

const SkillManageArgs = z.strictObject({
  action: z.enum(['create', 'edit', 'delete']),
  name: z.string().describe('Lowercase words joined by hyphens, e.g. "deploy-docs"'),
  content: z.string().optional().describe('create/edit: the whole SKILL.md, front matter included'),
  category: z.string().optional().describe('create: put the skill in this category folder'),
});
type SkillManageArgs = z.output<typeof SkillManageArgs>;

export const SKILL_SCHEMAS = {
  skills_list: functionSchema(
    'skills_list',
    'List available skills (reusable instructions) with their one-line descriptions. Load one with skill_view.',
    SkillsListArgs,
  ),
  skill_view: functionSchema(
    'skill_view',
    "Load a skill's full instructions and the names of its other files; pass `file` to read one of them.",
    SkillViewArgs,
  ),
  skill_manage: functionSchema(
    'skill_manage',
    'Create, edit or delete a skill: a folder holding SKILL.md, which starts with YAML front matter ' +
      '(name: the skill name; description: when to use it) followed by Markdown instructions.',
    SkillManageArgs,
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  const home = ctx.services.home;
  const store = home ? new SkillStore(join(home, 'skills')) : undefined;
  const reason = 'Skills need the Caduceus home folder (CADUCEUS_HOME), which was not provided';
  const checkFn = () => store !== undefined || reason;
  const run = <S extends z.ZodObject>(
    name: keyof typeof SKILL_SCHEMAS,
    args: S,
    work: (s: SkillStore, args: z.output<S>, call: ToolContext) => Promise<unknown>,
  ) =>
    typedHandler(name, args, async (parsed, call) => {
      if (!store) return toolError(reason);
      try {
        return await work(store, parsed, call);
      } catch (err) {
        return toolError(message(err));
      }
    });
  const base = { toolset: 'skills', presets: CODING_PRESETS, checkFn, isAsync: true };
  ctx.registry.register({
    ...base,
    name: 'skills_list',
    toolsetDescription: 'Skill documents: list, view, manage',
    schema: SKILL_SCHEMAS.skills_list,
    emoji: '📚',
    icon: 'list',
    parallelSafe: true,
    handler: run('skills_list', SkillsListArgs, async (s, args) => {
      const { skills, invalid } = await s.list(optional(args.category));
      return invalid.length ? { skills, invalid } : { skills };
    }),
  });
  ctx.registry.register({
    ...base,
    name: 'skill_view',
    schema: SKILL_SCHEMAS.skill_view,
    emoji: '📚',
    icon: 'list',
    parallelSafe: true,
    handler: run('skill_view', SkillViewArgs, (s, args) => {
      const file = optional(args.file);
      return file ? s.viewFile(args.name, file) : s.view(args.name);
    }),
  });
  // A change to a skill needs a person's yes, so without the gate to ask it is not offered.
  const gate = ctx.services.commandGate;
  const noGate = 'no approval gate is configured, so skills cannot be changed';
  ctx.registry.register({
    ...base,
    name: 'skill_manage',
    schema: SKILL_SCHEMAS.skill_manage,
    emoji: '📝',
    icon: 'list',
    checkFn: () => (gate ? checkFn() : noGate),
    handler: run('skill_manage', SkillManageArgs, (s, args, call) =>
      gate ? manage(s, gate, args, call) : Promise.resolve(toolError(noGate)),
    ),
  });
}

function manage(store: SkillStore, gate: CommandGate, args: SkillManageArgs, call: ToolContext) {
  const change = { ...args, content: optional(args.content), category: optional(args.category) };
  return manageSkill(store, gate, change, call);
}

/** A blank string counts as not given. */
function optional(value: string | undefined): string | undefined {
  return value?.trim() ? value : undefined;
}

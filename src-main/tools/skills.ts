import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

export const SKILL_SCHEMAS = {
  skills_list: fn('skills_list', 'List available skills with their one-line descriptions.', {
    category: { type: 'string', description: 'Only skills in this category folder' },
  }),
  skill_view: fn(
    'skill_view',
    "Load a skill's full instructions, or one of its linked files.",
    { name: { type: 'string' }, file: { type: 'string', description: 'A file inside the skill folder' } },
    ['name'],
  ),
  skill_manage: fn(
    'skill_manage',
    'Create, edit or delete a skill (a folder with SKILL.md).',
    {
      action: { type: 'string', enum: ['create', 'edit', 'delete'] },
      name: { type: 'string' },
      content: { type: 'string', description: 'create/edit: the whole SKILL.md, front matter included' },
    },
    ['action', 'name'],
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  registerUnavailable(ctx, 'Skills', [
    {
      name: 'skills_list',
      toolset: 'skills',
      schema: SKILL_SCHEMAS.skills_list,
      emoji: '📚',
      parallelSafe: true,
    },
    {
      name: 'skill_view',
      toolset: 'skills',
      schema: SKILL_SCHEMAS.skill_view,
      emoji: '📚',
      parallelSafe: true,
    },
    { name: 'skill_manage', toolset: 'skills', schema: SKILL_SCHEMAS.skill_manage, emoji: '📝' },
  ]);
}

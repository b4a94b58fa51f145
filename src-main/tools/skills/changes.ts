/**
 * `skill_manage`: a skill is instructions later sessions load, so every create, edit or delete is
 * checked first, then put to the approval gate with what it writes (the content, a diff, the
 * files deleted), and made only after a yes.
 */
import { SKILL_CHANGE } from '../../approval/analysis';
import { toolOk, toolRefused } from '../../runtime/outcome';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { runExec } from '../../sandbox/execPolicy';
import { unifiedDiffOf } from '../file/lineDiff';
import type { CommandGate } from '../toolModule';
import { SKILL_FILE } from './frontMatter';
import type { SkillStore } from './store';

export interface SkillChange {
  action: 'create' | 'edit' | 'delete';
  name: string;
  content?: string | undefined;
  category?: string | undefined;
}

interface Planned {
  /** What happens, in words: the question's headline and the ledger's subject. */
  words: string;
  detail: string;
  apply: () => Promise<unknown>;
}

/** Validates the change, asks about it, then makes it. Invalid changes are refused before asking. */
export async function manageSkill(
  store: SkillStore,
  gate: CommandGate,
  change: SkillChange,
  call: ToolContext,
): Promise<ToolOutcome> {
  const planned = await plan(store, change);
  const run = await runExec(
    { gate },
    {
      effect: { kind: 'persistent', words: planned.words, subjectKind: 'skill' },
      check: { detail: planned.detail, extraKeys: [SKILL_CHANGE] },
      call,
      // The skill store writes under $CADUCEUS_HOME from this process, after the yes.
      fence: 'none',
      attempt: async () => ({ result: await planned.apply() }),
    },
  );
  if (!('result' in run)) return toolRefused(run.decision.refusal);
  return toolOk(run.result, { decision: run.decision });
}

async function plan(store: SkillStore, change: SkillChange): Promise<Planned> {
  const { action, name, content, category } = change;
  if (action === 'delete') {
    const now = await store.current(name);
    return {
      words: `delete skill "${now.path}"`,
      detail: `Deletes the folder ${now.path} and its files:\n${now.files.map((f) => `  ${f}`).join('\n')}\n\n${SKILL_FILE}:\n${now.content}`,
      apply: async () => ({ deleted: await store.delete(name, now.content) }),
    };
  }
  if (content === undefined) throw new Error(`${action} needs the whole SKILL.md in "content"`);
  if (action === 'create') {
    await store.checkCreate(name, content, category);
    const path = category ? `${category}/${name}` : name;
    return {
      words: `create skill "${path}"`,
      detail: content,
      apply: async () => ({ created: await store.create(name, content, category) }),
    };
  }
  store.checkContent(name, content);
  const now = await store.current(name);
  return {
    words: `edit skill "${now.path}"`,
    detail: unifiedDiffOf(now.content, content, `${now.path}/${SKILL_FILE}`) || 'No change to SKILL.md.',
    apply: async () => ({ updated: await store.edit(name, content, now.content) }),
  };
}

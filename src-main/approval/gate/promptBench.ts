/**
 * How often the gate asks a person on one scripted coding session, in manual and in auto mode:
 * the commands a coding agent runs while refactoring, cleaning up and releasing a package, each
 * judged as the terminal tool sends it with the default sandbox (workspace-write, no network).
 */
import { initShellParser } from '../analysis/analyse';
import { createApprovalGate } from './gate';
import type { GateQuestion, ApproverAnswer, GateCheck } from './gateTypes';
import { createMemoryAllowlistStore } from './memoryAllowlistStore';
import { ApprovalSettingsSchema, type ApprovalMode } from './settings';

const WORKSPACE = '/home/dev/app';
const TMP = '/tmp/caduceus-session';

/** One session, in order. */
export const SCRIPTED_SESSION: readonly string[] = [
  'ls -la',
  'cat package.json',
  'git status',
  'git log --oneline -5',
  'rg -n "TODO" src',
  'npm test',
  'mkdir -p src/lib',
  "sed -i 's/var /let /g' src/index.js",
  'git diff',
  'git checkout -- src/index.js',
  'rm -rf dist',
  'npm run build',
  'git stash',
  'git stash drop',
  'npm install',
  'git checkout -- package-lock.json',
  'git add -A',
  'git commit -m "Move helpers to src/lib"',
  'git branch -D spike-old-parser',
  'git clean -fd',
  'chmod -R u+w build',
  "find . -name '*.orig' -delete",
  'git reset --hard HEAD',
  `python3 -c "import shutil; shutil.rmtree('old_parser')"`,
  'git rm -rf old/',
  'git restore src/',
  'curl -s https://registry.npmjs.org/left-pad',
  'npm test',
  'git commit -am "Remove the old parser"',
  'git reset --hard origin/main',
  'npm version patch',
  'npm publish',
  'git push --force origin main',
  'echo done',
];

/** What the terminal tool tells the gate about a command the default sandbox would hold. */
const CONFINED: Pick<GateCheck, 'cwd' | 'workspace' | 'writableRoots' | 'sandboxed' | 'backendKind'> = {
  backendKind: 'local',
  cwd: WORKSPACE,
  workspace: WORKSPACE,
  writableRoots: [WORKSPACE, TMP],
  sandboxed: { workspace: WORKSPACE, scratchRoots: [TMP], hosts: [] },
};

/**
 * The questions the session puts to a person who answers every one with `answer` ('once' asks
 * again next time; 'session' grants the rule for the rest of the session).
 */
export async function countPrompts(
  mode: ApprovalMode,
  answer: ApproverAnswer = 'once',
  session: readonly string[] = SCRIPTED_SESSION,
): Promise<GateQuestion[]> {
  await initShellParser();
  const asked: GateQuestion[] = [];
  const gate = createApprovalGate({
    approver: { request: (req) => (asked.push(req), Promise.resolve(answer)) },
    store: createMemoryAllowlistStore(),
    getSettings: () => ApprovalSettingsSchema.parse({ mode }),
  });
  for (const [i, command] of session.entries())
    await gate.check({ ...CONFINED, command, sessionId: 'bench', taskId: 'bench', toolCallId: `c${i}` });
  return asked;
}

/** `npm run bench -- approval`: prompts per mode on the scripted session. */
export async function benchPrompts(): Promise<Record<string, number>> {
  return {
    'approval.session_commands': SCRIPTED_SESSION.length,
    'approval.manual_prompts': (await countPrompts('manual')).length,
    'approval.manual_prompts_session_answers': (await countPrompts('manual', 'session')).length,
    'approval.auto_prompts': (await countPrompts('auto')).length,
  };
}

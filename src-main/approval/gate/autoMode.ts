/**
 * `approvals.mode: auto`: a command the OS sandbox confines to the workspace, with no network,
 * runs without a question, because a checkpoint of the workspace can undo what it did. The rule
 * is about the fence; a finding whose class no checkpoint undoes still asks, as in manual.
 */
import { ruleFor } from '../analysis/rules/registry';
import type { RuleCategory, Verdict } from '../analysis/verdict';
import type { GateCheck } from './gateTypes';

/**
 * Classes whose effects stay in the files the sandbox lets a command write. Everything else —
 * publishing, exfiltration, persistence, privilege, remote and cloud deletion, services,
 * databases, disks, config and secrets — reaches what no checkpoint holds.
 */
const CHECKPOINTED: ReadonlySet<RuleCategory> = new Set(['filesystem', 'permissions', 'git', 'analysis']);

/** Whether a checkpoint of the workspace undoes what this finding warns about. */
export function checkpointUndoes(key: string): boolean {
  const rule = ruleFor(key);
  if (!rule || !CHECKPOINTED.has(rule.category)) return false;
  return !rule.beyondCheckpoint && !rule.hardline && !rule.askEveryTime && !rule.needsPerson;
}

const under = (path: string, root: string): boolean =>
  path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);

/**
 * The command would run in the local OS sandbox, which lets it write only the workspace and its
 * own scratch folders and reach no host.
 */
export function confinedToWorkspace(input: GateCheck): boolean {
  const reach = input.sandboxed;
  const roots = input.writableRoots;
  if (input.backendKind !== 'local' || !reach || !roots || reach.hosts.length > 0) return false;
  return roots.every((root) => under(root, reach.workspace) || reach.scratchRoots.includes(root));
}

/** Auto mode's yes: confined to the workspace, and every finding one a checkpoint undoes. */
export function autoAllows(input: GateCheck, verdict: Verdict): boolean {
  return (
    verdict.verdict === 'dangerous' && confinedToWorkspace(input) && verdict.keys.every(checkpointUndoes)
  );
}

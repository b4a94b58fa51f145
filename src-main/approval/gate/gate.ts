/**
 * The approval gate. Layers, in order: hardline → user deny rules → user allow rules → mode off /
 * auto (confined to the workspace) / container skip → permanent allowlist → session approvals →
 * smart approval → ask a human.
 * Deny, Escape, closing the prompt, a cancelled turn and the timeout all deny.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../runtime/types';
import { autoAllows } from './autoMode';
import { AnnouncedCalls, answerAt, shown, type BatchedAnswer } from './batchPrompt';
import { allowedMessage, denialText } from './gateMessages';
import { alwaysKeysFor, asksEveryTime, takesPerson, verdictFor } from './gateVerdict';
import { grantAnswer } from './grantAnswers';
import { createMemoryGrantStore, grantApplies, type GrantRecord, type GrantStore } from './grants';
import { askWithDeadline } from './humanPrompt';
import { ledgerEntryFor, type LedgerSink } from './ledger';
import type {
  AllowlistStore,
  ApprovalHookName,
  ApprovalHooks,
  GateQuestion,
  Approver,
  ApproverAnswer,
  GateCheck,
  GateDecision,
  SmartApprover,
} from './gateTypes';
import { ruleFor } from '../analysis/rules/registry';
import { askSmart } from './smartAsk';
import type { ApprovalSettings } from './settings';
import { matchAllowRules, matchDenyRule } from './userRules';
import type { Verdict } from '../analysis/verdict';

export interface ApprovalGateDeps {
  approver: Approver;
  store: AllowlistStore;
  getSettings: () => ApprovalSettings;
  smartApprover?: SmartApprover;
  hooks?: ApprovalHooks;
  /** Session and one-hour grants; in memory unless the app passes its database. */
  grants?: GrantStore;
  /** Receives every final decision. */
  ledger?: LedgerSink;
  /** Clock for decision times; tests pass a fake. */
  now?: () => number;
  logger?: Pick<Logger, 'warn' | 'error'>;
}

export interface ApprovalGate {
  check(input: GateCheck): Promise<GateDecision>;
  /**
   * The calls of one batch, before any runs: those that would each ask a person are asked
   * together, in one prompt, and each call's check then takes its own answer.
   */
  announceBatch(inputs: GateCheck[], signal?: AbortSignal): void;
  /** Keys approved for a session ("session" answers), for a UI to show and revoke. */
  sessionKeys(sessionId: string): string[];
  revokeSession(sessionId: string, keys?: string[]): void;
  /** Session and one-hour grants, for the ledger view and revoke. */
  readonly grants: GrantStore;
}

type Decide = Omit<GateDecision, 'verdict' | 'message'> & { message?: string };

export function createApprovalGate(deps: ApprovalGateDeps): ApprovalGate {
  const grants = deps.grants ?? createMemoryGrantStore();
  /** Prompts in flight per session; a concurrent call for the same keys waits for the answer. */
  const pending = new Map<string, Array<{ keys: readonly string[]; done: Promise<unknown> }>>();
  const now = deps.now ?? Date.now;
  const announced = new AnnouncedCalls();

  const fire = (name: ApprovalHookName, payload: Record<string, unknown>): void => {
    try {
      const result = deps.hooks?.fire(name, payload);
      if (result instanceof Promise)
        result.catch((err: unknown) => deps.logger?.warn(`Hook ${name} failed: ${String(err)}`));
    } catch (err) {
      deps.logger?.warn(`Hook ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  /** The one place a verdict becomes final: it is recorded here and nowhere else. */
  const finish = (
    input: GateCheck,
    verdict: Verdict,
    d: Decide,
    settings: ApprovalSettings,
  ): GateDecision => {
    const decision: GateDecision = { ...d, verdict, message: '' };
    decision.message =
      d.message ??
      (decision.allowed ? allowedMessage(decision) : denialText(decision, settings.timeoutSeconds));
    try {
      deps.ledger?.record(ledgerEntryFor(input, decision, now()));
    } catch (err) {
      deps.logger?.warn(`Approvals ledger not written: ${err instanceof Error ? err.message : String(err)}`);
    }
    return decision;
  };

  /** Grants of this session (and one-hour grants) in force now, by rule key. */
  const grantsFor = (sessionId: string): Map<string, GrantRecord> => {
    const t = now();
    const map = new Map<string, GrantRecord>();
    for (const g of grants.active(t))
      if (grantApplies(g, sessionId, t) && !map.has(g.value)) map.set(g.value, g);
    return map;
  };

  async function readAllowlist(): Promise<string[]> {
    try {
      return await deps.store.list();
    } catch (err) {
      deps.logger?.warn(
        `command_allowlist could not be read; asking instead: ${err instanceof Error ? err.message : String(err)}`,
      );
      return [];
    }
  }

  /** Asks the approver; resolves 'timeout' when a configured deadline passes, 'closed' when the prompt goes away. */
  const askHuman = (req: GateQuestion, outer: AbortSignal | undefined): Promise<ApproverAnswer | 'timeout'> =>
    askWithDeadline((signal) => deps.approver.request(req, signal), req.timeoutSeconds, outer, deps.logger);

  async function check(input: GateCheck): Promise<GateDecision> {
    const settings = deps.getSettings();
    const verdict = verdictFor(input);
    const end = (d: Decide): GateDecision => finish(input, verdict, d, settings);
    if (verdict.verdict === 'hardline')
      return end({
        allowed: false,
        decidedBy: 'hardline',
        source: 'built-in',
        rule: verdict.keys.filter((k) => ruleFor(k)?.hardline).join(', '),
      });
    const deny = matchDenyRule(settings.deny, verdict);
    if (deny !== null)
      return end({ allowed: false, decidedBy: 'deny-rule', source: 'config.yaml', rule: deny });
    if (verdict.verdict === 'safe') return end({ allowed: true, decidedBy: 'safe', source: 'built-in' });
    // Nothing but a person's answer lets these through (a batch sheet's included), and no grant outlives it.
    if (verdict.keys.some(asksEveryTime)) {
      const batched = shown(await announced.take(input), verdict) ?? undefined;
      return decide(input, verdict, settings, await readAllowlist(), end, { humanOnly: true, batched });
    }
    // A person's yes, or what one granted: no allow rule, mode or container skip stands in for it.
    const personal = takesPerson(verdict);
    const allow = personal ? null : matchAllowRules(settings.allow, verdict);
    if (allow)
      return end({ allowed: true, decidedBy: 'allow-rule', source: 'config.yaml', rule: allow.join(', ') });
    if (!personal && settings.mode === 'off')
      return end({ allowed: true, decidedBy: 'mode-off', source: 'config.yaml' });
    if (!personal && settings.mode === 'auto' && autoAllows(input, verdict))
      return end({ allowed: true, decidedBy: 'auto', source: 'config.yaml' });
    if (!personal && input.backendKind === 'container' && settings.containers === 'skip')
      return end({ allowed: true, decidedBy: 'container-skip', source: 'config.yaml' });
    // A call answered in a batch prompt takes that answer, even over a grant a sibling just got.
    const batched = shown(await announced.take(input), verdict);
    if (batched)
      return decide(input, verdict, settings, await readAllowlist(), end, { batched, humanOnly: personal });

    let allowlist: string[];
    for (;;) {
      allowlist = await readAllowlist();
      const approved = grantsFor(input.sessionId);
      if (verdict.keys.every((k) => allowlist.includes(k)))
        return end({
          allowed: true,
          decidedBy: 'allowlist',
          source: 'config.yaml',
          rule: verdict.keys.join(', '),
        });
      if (verdict.keys.every((k) => allowlist.includes(k) || approved.has(k))) {
        const used = verdict.keys.flatMap((k) => approved.get(k) ?? []);
        const timed = used.filter((g) => g.expiresAt !== null);
        if (timed.length === 0)
          return end({
            allowed: true,
            decidedBy: 'session-grant',
            source: 'session',
            rule: verdict.keys.join(', '),
          });
        return end({
          allowed: true,
          decidedBy: 'timed-grant',
          source: 'session',
          rule: verdict.keys.join(', '),
          expiresAt: Math.min(...timed.map((g) => g.expiresAt ?? Infinity)),
        });
      }
      const inFlight = (pending.get(input.sessionId) ?? []).find((p) =>
        verdict.keys.every((k) => p.keys.includes(k)),
      );
      if (!inFlight) break;
      await inFlight.done;
    }

    // Registered before any further await, so a concurrent call for these keys waits for this answer.
    let settle: () => void = () => undefined;
    const entry = { keys: verdict.keys, done: new Promise<void>((resolve) => (settle = resolve)) };
    pending.set(input.sessionId, [...(pending.get(input.sessionId) ?? []), entry]);
    try {
      return await decide(input, verdict, settings, allowlist, end, { humanOnly: personal });
    } finally {
      const rest = (pending.get(input.sessionId) ?? []).filter((p) => p !== entry);
      if (rest.length > 0) pending.set(input.sessionId, rest);
      else pending.delete(input.sessionId);
      settle();
    }
  }

  const requestFor = (
    input: GateCheck,
    verdict: Verdict,
    settings: ApprovalSettings,
    allowlist: readonly string[],
  ): GateQuestion => ({
    id: randomUUID(),
    command: input.command,
    sessionId: input.sessionId,
    taskId: input.taskId,
    toolCallId: input.toolCallId,
    verdict,
    alwaysKeys: alwaysKeysFor(verdict, allowlist),
    timeoutSeconds: settings.timeoutSeconds,
    createdAt: now(),
    ...(input.subjectKind ? { subjectKind: input.subjectKind } : {}),
    ...(input.detail !== undefined ? { detail: input.detail } : {}),
    ...(input.writesTo !== undefined ? { writesTo: input.writesTo } : {}),
  });

  /** Whether check() would end at a person (manual or auto mode): no rule, allowlist entry or grant covers it. */
  const needsPerson = (
    input: GateCheck,
    verdict: Verdict,
    settings: ApprovalSettings,
    allowlist: string[],
  ) => {
    if (verdict.verdict !== 'dangerous' || matchDenyRule(settings.deny, verdict) !== null) return false;
    if (verdict.keys.some(asksEveryTime)) return true;
    const personal = takesPerson(verdict);
    if (!personal && matchAllowRules(settings.allow, verdict)) return false;
    if (!personal && settings.mode === 'auto' && autoAllows(input, verdict)) return false;
    if (!personal && input.backendKind === 'container' && settings.containers === 'skip') return false;
    const approved = grantsFor(input.sessionId);
    return !verdict.keys.every((k) => allowlist.includes(k) || approved.has(k));
  };

  function announceBatch(inputs: GateCheck[], signal?: AbortSignal): void {
    const approver = deps.approver;
    const settings = deps.getSettings();
    const [first] = inputs;
    const requestBatch = approver.requestBatch?.bind(approver);
    if (!requestBatch || !first || inputs.length < 2) return;
    if (settings.mode !== 'manual' && settings.mode !== 'auto') return;
    const verdicts = inputs.map(verdictFor);
    const asked = (async () => {
      const allowlist = await readAllowlist();
      const picked = inputs.flatMap((input, i) => {
        const verdict = verdicts[i];
        return verdict && needsPerson(input, verdict, settings, allowlist) ? [{ i, input, verdict }] : [];
      });
      const answers = new Map<number, Promise<BatchedAnswer>>();
      if (picked.length < 2) return answers;
      const batchId = randomUUID();
      const reqs = picked.map((p) => ({ ...requestFor(p.input, p.verdict, settings, allowlist), batchId }));
      const all = askWithDeadline((s) => requestBatch(reqs, s), settings.timeoutSeconds, signal, deps.logger);
      picked.forEach((p, k) =>
        answers.set(
          p.i,
          all.then((a) => ({ req: reqs[k] as GateQuestion, answer: answerAt(a, k) })),
        ),
      );
      return answers;
    })();
    announced.set(
      first.sessionId,
      new Map(
        inputs.map((input, i) => [
          input.toolCallId,
          { command: input.command, answer: asked.then((m) => m.get(i) ?? null) },
        ]),
      ),
    );
  }

  /** Smart approval, then the human (or the batch prompt's answer); records what the answer grants. */
  async function decide(
    input: GateCheck,
    verdict: Verdict,
    settings: ApprovalSettings,
    allowlist: string[],
    end: (d: Decide) => GateDecision,
    how: { batched?: BatchedAnswer | undefined; humanOnly?: boolean } = {},
  ): Promise<GateDecision> {
    const { batched } = how;
    if (!batched && !how.humanOnly && settings.mode === 'smart') {
      const smart = await askSmart(deps.smartApprover, input, verdict, settings.timeoutSeconds, deps.logger);
      if (smart === 'approve') return end({ allowed: true, decidedBy: 'smart', source: 'model' });
      if (smart === 'deny') return end({ allowed: false, decidedBy: 'smart', source: 'model' });
    }
    const req = batched?.req ?? requestFor(input, verdict, settings, allowlist);
    const hookInfo = {
      requestId: req.id,
      command: req.command,
      sessionId: req.sessionId,
      taskId: req.taskId,
      toolCallId: req.toolCallId,
      keys: verdict.keys,
      reasons: verdict.reasons,
    };
    // A run that answers for nobody (`--approvals allow`) gives no person's yes: it is not asked.
    if (takesPerson(verdict) && deps.approver.unattended)
      return end({ allowed: false, decidedBy: 'unattended', source: 'user', choice: 'closed' });
    fire('pre_approval_request', hookInfo);
    const choice = batched ? batched.answer : await askHuman(req, input.signal);
    let saved: readonly string[] = [];
    if (choice === 'always' && req.alwaysKeys.length > 0) {
      try {
        await deps.store.add(req.alwaysKeys);
        saved = [...req.alwaysKeys, ...allowlist];
      } catch (err) {
        deps.logger?.error(
          `Could not save to command_allowlist (approved for this session only): ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
    // Saved keys live only in the allowlist, so removing one in Settings makes it ask again.
    const expiresAt = grantAnswer(
      grants,
      input.sessionId,
      verdict.keys.filter((k) => !saved.includes(k) && !asksEveryTime(k)),
      choice,
      now(),
    );
    const allowed = choice === 'once' || choice === 'session' || choice === 'hour' || choice === 'always';
    fire('post_approval_response', { ...hookInfo, choice, allowed, decidedAt: now() });
    if (choice === 'timeout')
      return end({ allowed: false, decidedBy: 'timeout', source: 'user', choice: 'deny', requestId: req.id });
    const who = deps.approver.unattended ? 'unattended' : 'human';
    return end({ allowed, decidedBy: who, source: 'user', choice, requestId: req.id, expiresAt });
  }

  return {
    check,
    announceBatch,
    sessionKeys: (sessionId) =>
      grants
        .active(now())
        .filter((g) => g.sessionId === sessionId)
        .map((g) => g.value)
        .reverse(),
    revokeSession: (sessionId, keys) => {
      for (const g of grants.active(now()))
        if (g.sessionId === sessionId && (!keys || keys.includes(g.value))) grants.revoke(g.key);
    },
    grants,
  };
}

/** The text the model receives for a decision; for a denial it says the user did not consent and not to retry. */
export function denialMessage(decision: GateDecision): string {
  return decision.message;
}

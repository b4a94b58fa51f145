/**
 * When the sandbox refused something, a person may let that exact command run outside it
 * (once, for the session, for an hour, or always — "always" stores a prefix rule in
 * `command_allowlist`), or allow a blocked host the same ways. Session and one-hour grants live in
 * the gate's grant store, so `approvals grants` lists them and revoke ends them. Asked through the same Approver as the
 * gate, so `--approvals deny` denies. The gate has already passed the command: a hardline
 * command never gets here. Each question and its answer go to the approvals ledger. A remembered
 * `sandbox-outside:` answer was given for a write (reads are never remembered), so it only opens
 * the write fence for later commands (`runsOutside` → `openWrites`); their reads stay fenced.
 */
import { randomUUID } from 'node:crypto';
import type { Decider, LedgerEntry } from '../../src-shared/approvalsLedger';
import {
  createMemoryGrantStore,
  grantAnswer,
  grantApplies,
  prefixDanger,
  type AllowlistStore,
  type GrantStore,
  type GateQuestion,
  type Approver,
  type ApproverAnswer,
  type LedgerSink,
  askWithDeadline,
} from '../approval/gate';
import type { Logger } from '../runtime/types';
import type { SandboxRefusal } from './refusal';

export const OUTSIDE_KEY_PREFIX = 'sandbox-outside:';
export const HOST_KEY_PREFIX = 'sandbox-host:';
/** The ledger's subject kind for a question to leave the sandbox or let a host through. */
export const ESCALATION_SUBJECT_KIND = 'sandbox-escalation';

export interface EscalationRequest {
  command: string;
  refusal: SandboxRefusal;
  sessionId: string;
  taskId: string;
  toolCallId: string;
  signal?: AbortSignal;
}

/** `decidedBy` is absent only when nobody could be asked anything (no host to name). */
export type EscalationOutcome = { decidedBy?: Decider } & (
  | { decision: 'outside' }
  | { decision: 'host-allowed'; host: string }
  | { decision: 'denied'; message: string }
);

export interface EscalationDeps {
  approver: Approver;
  store: AllowlistStore;
  /** The gate's grant store: "session" and "for 1 hour" answers live there, listed and revoked with the rest. */
  grants?: GrantStore;
  /** `approvals.timeout_seconds`: 0 (or none) waits for an answer. */
  timeoutSeconds?: () => number;
  /** Where each question and its answer are recorded, beside the gate's decisions. */
  ledger?: LedgerSink;
  logger?: Logger;
}

/** Anything that could chain another command onto an approved prefix. */
const COMPOUND = /[;&|`$<>(){}\n\\]/;

/** The program and its subcommand: what an "always" answer lets run outside next time. */
export function commandPrefix(command: string): string {
  const [program = '', second] = command.trim().split(/\s+/);
  return second && /^[a-z][\w-]*$/.test(second) ? `${program} ${second}` : program;
}

export class SandboxEscalation {
  private readonly grants: GrantStore;

  constructor(private readonly deps: EscalationDeps) {
    this.grants = deps.grants ?? createMemoryGrantStore();
  }

  /**
   * Whether a person already let commands like this one write outside the sandbox (a simple
   * command only). Such a command runs with writes open and the read policy kept.
   */
  async runsOutside(command: string, sessionId: string): Promise<boolean> {
    if (COMPOUND.test(command) || prefixDanger(commandPrefix(command)) !== null) return false;
    const key = OUTSIDE_KEY_PREFIX + commandPrefix(command);
    return this.granted(sessionId).includes(key) || (await this.saved()).includes(key);
  }

  /** Hosts a person allowed, for this session, for the hour or always. */
  async allowedHosts(sessionId: string): Promise<string[]> {
    const keys = [...this.granted(sessionId), ...(await this.saved())];
    return [
      ...new Set(
        keys.filter((k) => k.startsWith(HOST_KEY_PREFIX)).map((k) => k.slice(HOST_KEY_PREFIX.length)),
      ),
    ];
  }

  async ask(request: EscalationRequest): Promise<EscalationOutcome> {
    const { refusal } = request;
    const host = refusal.kind === 'network' ? refusal.host : undefined;
    if (refusal.kind === 'network' && !host)
      return { decision: 'denied', message: `${refusal.message} No host could be named to allow.` };
    const key = host ? HOST_KEY_PREFIX + host : OUTSIDE_KEY_PREFIX + commandPrefix(request.command);
    const question = host
      ? `Allow ${host} for commands of this session? (${refusal.message})`
      : `${refusal.message} Run this exact command outside the sandbox?`;
    // Only a simple command whose prefix is safe to allow may be let out again by it; anything
    // else asks each time, and so does a read of a secret: a yes for one file is no yes for the next.
    const danger = host ? null : prefixDanger(commandPrefix(request.command));
    const remember =
      host !== undefined || (refusal.kind !== 'read' && !COMPOUND.test(request.command) && danger === null);
    const { asked, answer, timedOut } = await this.request(request, key, question, remember);
    const allowed = answer === 'once' || answer === 'session' || answer === 'hour' || answer === 'always';
    const granted = allowed ? await this.grant(request.sessionId, key, remember ? answer : 'once') : null;
    if (danger !== null && (answer === 'session' || answer === 'hour' || answer === 'always'))
      this.deps.logger?.warn(`Ran outside the sandbox this once, not remembered: ${danger}`);
    const decidedBy: Decider = timedOut ? 'timeout' : this.deps.approver.unattended ? 'unattended' : 'human';
    this.record({
      id: asked.id,
      at: Date.now(),
      sessionId: request.sessionId,
      toolCallId: request.toolCallId,
      subjectKind: ESCALATION_SUBJECT_KIND,
      subject: request.command,
      keys: [key],
      reasons: [question],
      allowed,
      decidedBy,
      rule: null,
      scope: granted?.scope ?? null,
      expiresAt: granted?.expiresAt ?? null,
    });
    if (!allowed)
      return {
        decision: 'denied',
        decidedBy,
        message: `${refusal.message} Nobody allowed ${host ? `${host}` : 'running it outside the sandbox'}.`,
      };
    if (host) return { decision: 'host-allowed', host, decidedBy };
    return { decision: 'outside', decidedBy };
  }

  private async request(
    request: EscalationRequest,
    key: string,
    reason: string,
    remember: boolean,
  ): Promise<{ asked: GateQuestion; answer: ApproverAnswer; timedOut: boolean }> {
    const timeoutSeconds = this.deps.timeoutSeconds?.() ?? 0;
    const asked: GateQuestion = {
      id: randomUUID(),
      command: request.command,
      sessionId: request.sessionId,
      taskId: request.taskId,
      toolCallId: request.toolCallId,
      verdict: { verdict: 'dangerous', keys: [key], reasons: [reason], segments: [], parsed: false },
      // No "always" is offered for what would not be remembered.
      alwaysKeys: remember ? [key] : [],
      timeoutSeconds,
      createdAt: Date.now(),
    };
    const reply = await askWithDeadline(
      (signal) => this.deps.approver.request(asked, signal),
      timeoutSeconds,
      request.signal,
    );
    const timedOut = reply === 'timeout';
    const answer: ApproverAnswer = timedOut ? 'closed' : reply;
    return { asked, answer, timedOut };
  }

  /** The answer stands even when the ledger cannot be written, as the gate's do. */
  private record(entry: LedgerEntry): void {
    try {
      this.deps.ledger?.record(entry);
    } catch (err) {
      this.deps.logger?.warn(
        `Approvals ledger not written: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /**
   * Stores what an allowing answer grants: "always" in config.yaml (a session grant when it
   * cannot be saved), "session" and "hour" in the grant store. Returns the scope it got.
   */
  private async grant(
    sessionId: string,
    key: string,
    answer: 'once' | 'session' | 'hour' | 'always',
  ): Promise<{ scope: string; expiresAt: number | null }> {
    let choice = answer;
    if (choice === 'always')
      try {
        await this.deps.store.add([key]);
        return { scope: 'always', expiresAt: null };
      } catch (err) {
        this.deps.logger?.error(
          `Could not save to command_allowlist (allowed for this session only): ${err instanceof Error ? err.message : String(err)}`,
        );
        choice = 'session';
      }
    const expiresAt = grantAnswer(this.grants, sessionId, [key], choice, Date.now());
    return { scope: choice, expiresAt: expiresAt ?? null };
  }

  /** Keys granted to this session, and one-hour grants, in force now. */
  private granted(sessionId: string): string[] {
    const now = Date.now();
    return this.grants
      .active(now)
      .filter((g) => grantApplies(g, sessionId, now))
      .map((g) => g.value);
  }

  private saved(): Promise<string[]> {
    return this.deps.store.list().catch(() => []);
  }
}

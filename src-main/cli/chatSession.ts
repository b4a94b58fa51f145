import type { Agent, TurnResult } from '../agent/agent';
import type { ResolvedModel } from '../agent/model/resolve';
import type { AppRoot } from '../appRoot';
import { csv, type Io } from './args';
import { AnswerStream } from './answerStream';
import { activityPrinter } from './chatActivity';
import { resolveChatModel, sessionPlace, watched, type ChatValues } from './chatOptions';
import { ttyClarifier } from './ttyPrompt';

/**
 * The session of an interactive chat: its agent, rebuilt on the same stored session when the
 * model or the toolsets change, and replaced by a new session on `/new`.
 */
export class ChatSession {
  private readonly answer: AnswerStream;

  private constructor(
    private readonly root: AppRoot,
    private readonly values: ChatValues,
    private readonly io: Io,
    private current: Agent,
    private resolved: ResolvedModel,
    /** Undefined: every toolset (`*`), as the runtime reads it. */
    private enabled: string[] | undefined,
  ) {
    this.answer = new AnswerStream(io);
  }

  /** The session of `--session`, else a new one; a string says what is wrong with the model set-up. */
  static async open(root: AppRoot, values: ChatValues, io: Io): Promise<ChatSession | string> {
    const resolution = resolveChatModel(root, values);
    if (!resolution.ok) return root.agent.modelSetupHelp(resolution.problems);
    const toolsets = csv(values.toolsets) ?? root.config.toolsets.enabled;
    const session = new ChatSession(root, values, io, undefined as never, resolution.model, toolsets);
    session.current = await session.build(values.session);
    return session;
  }

  get id(): string {
    return this.current.sessionId;
  }
  get model(): string {
    return this.resolved.name;
  }
  get toolsets(): readonly string[] | undefined {
    return this.enabled;
  }
  /** Messages stored so far (0 for a session no turn has started). */
  get messageCount(): number {
    return this.root.agent.sessions.messages(this.id).length;
  }

  /** Runs a turn; its answer is on stdout when it returns. */
  async runTurn(prompt: string, signal: AbortSignal): Promise<TurnResult> {
    const result = await this.current.runTurn(prompt, { signal });
    this.answer.finish(result);
    return result;
  }

  /** Switches the model for the next turns; a string says why it cannot. */
  async setModel(name: string): Promise<string | undefined> {
    const resolution = resolveChatModel(this.root, this.values, name);
    if (!resolution.ok) return resolution.problems.join('; ');
    this.resolved = resolution.model;
    await this.rebuild();
    return undefined;
  }

  async setToolsets(names: string[] | undefined): Promise<void> {
    this.enabled = names;
    await this.rebuild();
  }

  /** Whether a turn has stored the session (only a stored one can be resumed). */
  get stored(): boolean {
    return this.root.agent.sessions.getSession(this.id) !== undefined;
  }

  /** A new session, in the folder the command runs in (or `--workspace`). */
  async renew(): Promise<void> {
    await this.current.close();
    this.current = await this.build(undefined);
  }

  close(): Promise<void> {
    return this.current.close();
  }

  /** The same stored session (once a turn has stored it) with the settings now in force. */
  private async rebuild(): Promise<void> {
    const stored = this.stored;
    await this.current.close();
    this.current = await this.build(stored ? this.id : undefined);
  }

  private async build(sessionId: string | undefined): Promise<Agent> {
    const { root, io } = this;
    return root.agent.createAgent({
      model: this.resolved,
      ...(await sessionPlace(
        root,
        {
          workspace: this.values.workspace,
          session: sessionId,
          worktree: this.values.worktree === true && !sessionId,
        },
        io,
      )),
      toolsets: {
        ...(this.enabled ? { enabled: this.enabled } : {}),
        disabled: root.config.toolsets.disabled,
      },
      clarifier: ttyClarifier(io),
      onEvent: this.answer.wrap(
        activityPrinter(io.stderr, { prompting: io.stdin.isTTY === true, live: watched(io) }),
      ),
      source: 'cli',
    });
  }
}

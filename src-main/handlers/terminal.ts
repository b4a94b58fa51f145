import type { EventBus } from '../contract/eventBus';
import { ContractError } from '../contract/router';
import type { TerminalStreamEvent } from '../terminal/streamEvents';
import { USER_SHELL_CALL_ID, type TerminalService, type UserShell } from '../terminal/service';

/**
 * Terminal output goes to every consumer on the bus. Flow control counts each consumer apart
 * (the terminal service follows the bus), so none listening means none holding a command back.
 */
export function terminalSink(events: EventBus) {
  return (event: TerminalStreamEvent): void => {
    if (event.type === 'exit') {
      const payload = { streamId: event.streamId, exitCode: event.exitCode };
      if (event.to) events.emitTo(event.to, 'terminal.exit', payload);
      else events.emit('terminal.exit', payload);
      return;
    }
    const userShell = event.toolCallId === USER_SHELL_CALL_ID;
    const payload = {
      streamId: event.streamId,
      taskId: event.taskId,
      ...(userShell ? {} : { toolCallId: event.toolCallId }),
      data: event.data,
      ...(event.snapshot ? { snapshot: true } : {}),
      ...(event.size ? { size: event.size } : {}),
      ...(event.held ? { held: true } : {}),
    };
    if (event.to) events.emitTo(event.to, 'terminal.data', payload);
    else events.emit('terminal.data', payload);
  };
}

/** User shell tabs, opened in the same backend as the agent's commands. */
export class UserShells {
  private readonly shells = new Map<string, UserShell>();
  private readonly tasks = new Map<string, string>();

  constructor(private readonly terminal: () => TerminalService) {}

  async open(taskId: string, cols: number, rows: number): Promise<string> {
    const shell = await this.terminal().openUserShell({ taskId, cols, rows });
    this.shells.set(shell.streamId, shell);
    this.tasks.set(shell.streamId, taskId);
    void shell.exited.then(() => {
      this.shells.delete(shell.streamId);
      this.tasks.delete(shell.streamId);
    });
    return shell.streamId;
  }

  /** The open shells and the environment each runs in. */
  list(): { streamId: string; taskId: string }[] {
    return [...this.tasks].map(([streamId, taskId]) => ({ streamId, taskId }));
  }

  /** Keys for a user shell, or for the process of an agent's command shown in a tab (or handed over). */
  write(streamId: string, data: string): void {
    const shell = this.shells.get(streamId);
    if (shell) return shell.write(data);
    // A command handed to the user because it waits for input: the model is told it was answered.
    if (this.terminal().writeInput(streamId, data)) return;
    const result = this.terminal().streams.write(streamId, data);
    if (result === 'unknown_stream')
      throw new ContractError('unknown_stream', `Nothing is running in stream "${streamId}" any more`);
    if (result === 'no_input')
      throw new ContractError(
        'no_input',
        'This command reads no input: only commands started with a PTY or in the background take keys',
      );
  }

  /** Resizes a user shell, or the PTY of a running agent command. */
  resize(streamId: string, cols: number, rows: number): void {
    const shell = this.shells.get(streamId);
    if (shell) shell.resize(cols, rows);
    else this.terminal().streams.resize(streamId, cols, rows);
  }

  async close(streamId: string): Promise<void> {
    await this.get(streamId).close();
    this.shells.delete(streamId);
    this.tasks.delete(streamId);
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.shells.values()].map((s) => s.close()));
    this.shells.clear();
    this.tasks.clear();
  }

  private get(streamId: string): UserShell {
    const shell = this.shells.get(streamId);
    if (!shell) throw new ContractError('unknown_stream', `No open shell "${streamId}"`);
    return shell;
  }
}

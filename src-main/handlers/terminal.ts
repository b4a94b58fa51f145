import type { EventBus } from '../contract/eventBus';
import { ContractError } from '../contract/router';
import type { TerminalStreamEvent } from '../terminal/outputStream';
import { USER_SHELL_CALL_ID, type TerminalService, type UserShell } from '../terminal/service';

/** Terminal output goes to the UI; with no window listening, it is acknowledged here so commands never stall. */
export function terminalSink(events: EventBus, terminal: () => TerminalService) {
  return (event: TerminalStreamEvent): void => {
    if (event.type === 'exit') {
      events.emit('terminal.exit', { streamId: event.streamId, exitCode: event.exitCode });
      return;
    }
    const userShell = event.toolCallId === USER_SHELL_CALL_ID;
    events.emit('terminal.data', {
      streamId: event.streamId,
      taskId: event.taskId,
      ...(userShell ? {} : { toolCallId: event.toolCallId }),
      data: event.data,
    });
    if (events.size === 0) terminal().ack(event.streamId, event.data.length);
  };
}

/** User shell tabs, opened in the same backend as the agent's commands. */
export class UserShells {
  private readonly shells = new Map<string, UserShell>();

  constructor(private readonly terminal: () => TerminalService) {}

  async open(taskId: string, cols: number, rows: number): Promise<string> {
    const shell = await this.terminal().openUserShell({ taskId, cols, rows });
    this.shells.set(shell.streamId, shell);
    void shell.exited.then(() => this.shells.delete(shell.streamId));
    return shell.streamId;
  }

  /** Typing in a shell, or in a command handed to the user because it waits for input. */
  write(streamId: string, data: string): void {
    if (!this.shells.has(streamId) && this.terminal().writeInput(streamId, data)) return;
    this.get(streamId).write(data);
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
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.shells.values()].map((s) => s.close()));
    this.shells.clear();
  }

  private get(streamId: string): UserShell {
    const shell = this.shells.get(streamId);
    if (!shell) throw new ContractError('unknown_stream', `No open shell "${streamId}"`);
    return shell;
  }
}

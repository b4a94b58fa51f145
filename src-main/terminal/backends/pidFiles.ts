/**
 * The PID files a remote backend's commands write on their target, through which they are
 * signalled. A command's file goes once the command has ended, removed by the launcher of the
 * next one (no extra round trip): a session of thousands of commands leaves no more files than
 * it has commands running, not one per command until the backend is disposed.
 */
import { launcherArgv } from '../shellScript';
import type { ProcessHandle } from '../types';

export class PidFiles {
  private seq = 0;
  private spent: string[] = [];

  /** `id` names this backend's files apart from other backends' on the same target. */
  constructor(private readonly id: string) {}

  /** A new command's PID file. */
  next(): string {
    return `/tmp/.caduceus-p-${this.id}-${this.seq++}.pid`;
  }

  /** The command that wrote `file` has ended (or has been killed): nothing signals it any more. */
  ended(file: string): void {
    this.spent.push(file);
  }

  /** Marks `file` ended once `handle`'s command has exited; returns the handle. */
  endsWith<H extends ProcessHandle>(handle: H, file: string): H {
    void handle.exited.then(() => this.ended(file));
    return handle;
  }

  /** The launcher of a command recording its PID in `file`, removing the ended commands' files first. */
  launcher(script: string, file: string): string[] {
    const spent = this.spent;
    this.spent = [];
    return launcherArgv(script, file, spent);
  }

  /** A shell pattern for all of this backend's files, for its clean-up on dispose. */
  get all(): string {
    return `/tmp/.caduceus-p-${this.id}-*.pid`;
  }
}

/**
 * A sandboxed command's handle that ends its output with the reason when a `sandbox.limits`
 * limit stopped it, so the foreground result, a background process's log and the live
 * terminal all say which limit and how to raise it.
 */
import { fileSizeBreach, FileSizeSigns, type LimitBreach, type SandboxLimits } from '../../sandbox/limits';
import type { LimitWatch } from '../../sandbox/limitWatchdog';
import { BaseHandle } from '../handle';
import type { ProcessHandle } from '../types';

export class LimitedHandle extends BaseHandle {
  limitBreach?: LimitBreach;

  constructor(
    private readonly inner: ProcessHandle,
    limits: SandboxLimits,
    watch: LimitWatch | undefined,
  ) {
    super(inner.pty);
    const fileSize = new FileSizeSigns();
    let atLineStart = true;
    inner.onData((data) => {
      if (limits.file_size_mib > 0) fileSize.push(data);
      if (data.length > 0) atLineStart = data.endsWith('\n');
      this.emit(data);
    });
    void inner.exited.then((exit) => {
      const breaches: LimitBreach[] = [
        ...(watch?.breach ? [watch.breach] : []),
        ...(fileSize.found ? [fileSizeBreach(limits.file_size_mib)] : []),
      ];
      this.limitBreach = breaches[0];
      const newline = this.pty ? '\r\n' : '\n';
      for (const breach of breaches) {
        this.emit(`${atLineStart ? '' : newline}${breach.message}${newline}`);
        atLineStart = true;
      }
      this.finish(exit);
    });
  }

  get pid(): number | undefined {
    return this.inner.pid;
  }

  write(data: string): void {
    this.inner.write(data);
  }

  closeStdin(): void {
    this.inner.closeStdin();
  }

  resize(cols: number, rows: number): void {
    this.inner.resize(cols, rows);
  }

  kill(signal?: NodeJS.Signals): Promise<void> {
    return this.inner.kill(signal);
  }

  pause(): void {
    this.inner.pause();
  }

  resume(): void {
    this.inner.resume();
  }
}

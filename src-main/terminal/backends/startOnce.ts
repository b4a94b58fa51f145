/**
 * A sandbox, container or instance that starts on first use and is shared by every later use. A
 * failed start is forgotten, so the next use tries again; dispose takes what started, once.
 */
export class StartOnce<T> {
  private started: Promise<T> | undefined;

  constructor(private readonly start: () => Promise<T>) {}

  /** What was started, starting it now if nothing is. */
  get(): Promise<T> {
    this.started ??= this.start().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  /** What started, if anything did, without starting it. */
  async current(): Promise<T | undefined> {
    return this.started?.catch(() => undefined);
  }

  /** What started, if anything did, forgotten here so that a later `get` starts anew. */
  async take(): Promise<T | undefined> {
    const started = this.started;
    this.started = undefined;
    return started?.catch(() => undefined);
  }
}

/**
 * Turns every spinner on the page from one timer, in eight steps a turn. A CSS animation would
 * be stepped only in look: the compositor still draws a frame every vsync while it runs, a fifth
 * of a core on a machine that composites in software, for as long as an agent's command runs.
 * Stepped here, the page draws a frame per step, and none while spinners are paused.
 */

const STEPS = 8;
/**
 * A turn in 1.2 s. Each step is a frame of the whole page: in headless Chromium a page showing a
 * quiet command took 7.8% of a core at ten steps a second, 6.5% at this pace, 3% with none.
 */
const STEP_MS = 150;
/** Reduced motion: a turn takes three times as long. */
const REDUCED_EVERY = 3;

export class SpinTicker {
  private readonly elements = new Set<HTMLElement>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticks = 0;
  private step = 0;
  private paused = false;

  constructor(private readonly reducedMotion: () => boolean = reducedMotionQuery()) {}

  /** Turns `element` with the others until the returned function is called. */
  add(element: HTMLElement): () => void {
    this.elements.add(element);
    this.show(element);
    this.run();
    return () => {
      this.elements.delete(element);
      this.run();
    };
  }

  /**
   * Paused spinners keep their place (a flood of terminal output streams meanwhile), and the
   * timer stops: a wake-up a step that changes nothing is still the page's time.
   */
  pause(paused: boolean): void {
    this.paused = paused;
    this.run();
  }

  /** How many spinners turn now. */
  get count(): number {
    return this.elements.size;
  }

  /** The timer runs while a spinner turns. */
  private run(): void {
    const turns = this.elements.size > 0 && !this.paused;
    if (turns) this.timer ??= setInterval(() => this.tick(), STEP_MS);
    else {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private tick(): void {
    this.ticks++;
    if (this.reducedMotion() && this.ticks % REDUCED_EVERY !== 0) return;
    this.step = (this.step + 1) % STEPS;
    for (const element of this.elements) this.show(element);
  }

  private show(element: HTMLElement): void {
    element.style.transform = `rotate(${(this.step * 360) / STEPS}deg)`;
  }
}

/** Whether the person asks for less motion, read from one media query kept for the page's life. */
function reducedMotionQuery(): () => boolean {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : undefined;
  return () => query?.matches ?? false;
}

export const spinners = new SpinTicker();

/**
 * A value that things built before it must reach: set once, after they are built, and read
 * only after that. Breaks a construction cycle in the open instead of with a mutable field.
 */
export class LateBound<T> {
  private value: { readonly set: T } | undefined;

  constructor(private readonly what: string) {}

  set(value: T): void {
    if (this.value) throw new Error(`${this.what} is already bound`);
    this.value = { set: value };
  }

  get(): T {
    if (!this.value) throw new Error(`${this.what} is not built yet`);
    return this.value.set;
  }
}

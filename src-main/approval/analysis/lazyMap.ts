/**
 * A map or set that allocates its storage only when first written. Most judgements never
 * define a variable, alias or download, and an empty Map still costs its hash table.
 */
export class LazyMap<K, V> {
  private map: Map<K, V> | null = null;

  get size(): number {
    return this.map === null ? 0 : this.map.size;
  }

  get(key: K): V | undefined {
    return this.map === null ? undefined : this.map.get(key);
  }

  has(key: K): boolean {
    return this.map !== null && this.map.has(key);
  }

  set(key: K, value: V): this {
    (this.map ??= new Map()).set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.map !== null && this.map.delete(key);
  }
}

export class LazySet<T> {
  private set: Set<T> | null = null;

  get size(): number {
    return this.set === null ? 0 : this.set.size;
  }

  has(value: T): boolean {
    return this.set !== null && this.set.has(value);
  }

  add(value: T): this {
    (this.set ??= new Set()).add(value);
    return this;
  }
}

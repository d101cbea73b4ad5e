/**
 * Explicit, order-free wiring between modules. A module that takes part of its work from others declares an
 * **extension point** (a typed name, in its own folder: the space module's group item counters, the workflow's apply
 * type hooks, …); a module that provides such a part lists a **contribution** in its module definition
 * (`defineModule(…, { contributes: [contribution(point, value)] })`). The server collects every module's
 * contributions once, before anything is built or served (app.ts), into `s.extensions`; the consumer reads them back
 * with `s.extensions.all(point)`. Nothing is registered as a side effect of importing or building a module, so no
 * order of modules matters and a module never imports those that contribute to it.
 */

export interface ExtensionPoint<T> {
  readonly name: string;
  /** Carries the contribution type only; never set. */
  readonly __contribution?: T;
}

/** Declares an extension point; its name must be unique among the server's points (it names them in errors). */
export function extensionPoint<T>(name: string): ExtensionPoint<T> {
  return { name };
}

export interface Contribution<T = unknown> {
  readonly point: ExtensionPoint<T>;
  readonly value: T;
}

/** One contribution of a module to a point (listed in the module definition's `contributes`). */
export function contribution<T>(point: ExtensionPoint<T>, value: T): Contribution<T> {
  return { point, value } as Contribution<T>;
}

/** Every module's contributions, by point. Built once from the mounted modules (app.ts), held by the services. */
export class Extensions {
  private readonly byPoint = new Map<ExtensionPoint<unknown>, unknown[]>();
  private readonly derived = new Map<unknown, unknown>();

  constructor(contributions: readonly Contribution[]) {
    for (const c of contributions) {
      const list = this.byPoint.get(c.point) ?? [];
      list.push(c.value);
      this.byPoint.set(c.point, list);
    }
  }

  /** The contributions to a point, in the order the modules are listed (empty when none contributes). */
  all<T>(point: ExtensionPoint<T>): readonly T[] {
    return (this.byPoint.get(point as ExtensionPoint<unknown>) ?? []) as T[];
  }

  /**
   * A value the consumer derives from a point's contributions (an index by key, a check that a key is given once),
   * computed on first use and kept: `derive` must depend on the contributions only.
   */
  derive<T, D>(point: ExtensionPoint<T>, key: string, derive: (all: readonly T[]) => D): D {
    const cacheKey = `${point.name}\u0000${key}`;
    if (!this.derived.has(cacheKey)) this.derived.set(cacheKey, derive(this.all(point)));
    return this.derived.get(cacheKey) as D;
  }
}

/** A map by key of a point's contributions; a key contributed twice is refused (a wiring mistake, found at start). */
export function indexBy<T>(point: ExtensionPoint<T>, all: readonly T[], keyOf: (value: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const value of all) {
    const key = keyOf(value);
    if (out.has(key)) throw new Error(`${point.name}: ${key} is contributed twice`);
    out.set(key, value);
  }
  return out;
}

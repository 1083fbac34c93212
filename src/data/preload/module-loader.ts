/** Loads one data type; rejects when it cannot. */
export type TypeLoader = () => Promise<unknown>;

/** The message recorded for a type whose load failed (product-frame.md §4). */
export function loadFailure(type: string, error: unknown): string {
  return `Failed to load ${type}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Management users' lazy per-route loading (product-frame.md §4 "Data preloading"): a module
 * (a module home route) is loaded once and skipped afterwards; data types are cached and skipped
 * once loaded; a second request for a module in flight waits for that one; types load one after
 * another, and a failed type is recorded without stopping the others. Failures only warn.
 */
export class ModuleLoader {
  private readonly loadedModules = new Set<string>();
  private readonly loadedTypes = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly failed = new Map<string, string>();

  constructor(
    /** Module home route -> the data types it needs (domain MODULE_HOME_DATA). */
    private readonly modules: Readonly<Record<string, readonly string[]>>,
    private readonly loaders: Readonly<Partial<Record<string, TypeLoader>>>,
  ) {}

  isModuleLoaded(module: string): boolean {
    return this.loadedModules.has(module);
  }

  isTypeLoaded(type: string): boolean {
    return this.loadedTypes.has(type);
  }

  /** The recorded failure of each type whose last load failed, by type. */
  get failures(): ReadonlyMap<string, string> {
    return this.failed;
  }

  loadModule(module: string): Promise<void> {
    if (this.loadedModules.has(module)) return Promise.resolve();
    const running = this.inFlight.get(module);
    if (running) return running;
    const load = this.loadTypes(this.modules[module] ?? [])
      .then(() => {
        this.loadedModules.add(module);
      })
      .finally(() => this.inFlight.delete(module));
    this.inFlight.set(module, load);
    return load;
  }

  /** Loads the types not loaded yet, one after another; never rejects. */
  async loadTypes(types: readonly string[]): Promise<void> {
    for (const type of types) {
      if (this.loadedTypes.has(type)) continue;
      const loader = this.loaders[type];
      if (!loader) {
        this.record(type, `No loader found for: ${type}`);
        continue;
      }
      try {
        await loader();
        this.loadedTypes.add(type);
        this.failed.delete(type);
      } catch (error) {
        this.record(type, loadFailure(type, error));
      }
    }
  }

  /** Loads a module again, its types included. */
  reloadModule(module: string): Promise<void> {
    this.invalidate(module);
    return this.loadModule(module);
  }

  /** Forgets that a module and its types were loaded; the next entry loads them again. */
  invalidate(module: string): void {
    this.loadedModules.delete(module);
    for (const type of this.modules[module] ?? []) this.loadedTypes.delete(type);
  }

  /** Forgets every module and type. */
  clear(): void {
    this.loadedModules.clear();
    this.loadedTypes.clear();
    this.failed.clear();
  }

  private record(type: string, message: string): void {
    this.failed.set(type, message);
    console.warn(message);
  }
}

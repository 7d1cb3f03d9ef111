/**
 * Which object store the running code works on, so that every LanceDB call made on its behalf,
 * however deep (`lance()` in dir/lance-errors.ts), is watched by that store's health
 * (store-health.ts) without passing the store around. A catalog on an object store is handed out
 * wrapped (`storeScoped`): each method, and each method of the table handles it returns, runs
 * inside the scope. A folder's catalog has no scope, and its calls run as they are.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Runs a call under the store's watchdog. */
export type StoreWatch = <T>(call: () => Promise<T>) => Promise<T>;

const scope = new AsyncLocalStorage<StoreWatch>();

export function currentStoreWatch(): StoreWatch | undefined {
  return scope.getStore();
}

/**
 * `target` with every method run inside the scope of `watch`; what a method returns (or resolves
 * to) is wrapped the same way when `wraps` says so (table handles).
 */
export function storeScoped<T extends object>(
  target: T,
  watch: StoreWatch,
  wraps: (value: unknown) => boolean,
): T {
  const wrapped = new WeakMap<object, unknown>();
  const wrap = (value: unknown): unknown => {
    if (!value || typeof value !== 'object' || !wraps(value)) return value;
    return storeScoped(value, watch, wraps);
  };
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      const known = wrapped.get(value);
      if (known) return known;
      const method = value as (...args: unknown[]) => unknown;
      const inScope = function (this: unknown, ...args: unknown[]): unknown {
        const result = scope.run(watch, () => method.apply(object, args));
        return result instanceof Promise ? result.then(wrap) : wrap(result);
      };
      wrapped.set(value, inScope);
      return inScope;
    },
  });
}

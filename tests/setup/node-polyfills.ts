/**
 * Node 20 lacks Map.groupBy/Object.groupBy (Node 21+), which vitest 5's reporter uses when printing
 * failures. Loaded by vitest.config.ts in the main process.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;

if (typeof (Map as unknown as { groupBy?: GroupBy }).groupBy !== 'function') {
  const groupBy: GroupBy = (items, key) => {
    const map = new Map();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const list = map.get(k);
      if (list) list.push(item);
      else map.set(k, [item]);
    }
    return map;
  };
  Object.defineProperty(Map, 'groupBy', { value: groupBy, configurable: true, writable: true });
}
if (typeof (Object as unknown as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Object, 'groupBy', {
    value: <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => {
      const out: Record<PropertyKey, T[]> = Object.create(null);
      let index = 0;
      for (const item of items) (out[key(item, index++)] ??= []).push(item);
      return out;
    },
    configurable: true,
    writable: true,
  });
}
export {};

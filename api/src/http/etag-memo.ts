// Remembers the bodies of polled reads by their ETag. The tag is derived from the database's change
// counters (db/data-versions.ts), so an entry is valid exactly as long as the tag is current: a
// write moves the tag on and the old entry is never asked for again. Every staff screen polling the
// same unchanged list, stats or metrics then costs the tag query, not a 100k-row aggregate; and
// requests that arrive together for a tag not yet computed share one computation. Per process, so N
// processes each compute once per change. Failures are not remembered.
export interface EtagMemo<T> {
  get: (etag: string, compute: () => Promise<T>) => Promise<T>;
}

export function createEtagMemo<T>(capacity: number): EtagMemo<T> {
  const entries = new Map<string, Promise<T>>();
  return {
    get(etag, compute) {
      const hit = entries.get(etag);
      if (hit) {
        // Most recently used last: the Map's insertion order is the eviction order.
        entries.delete(etag);
        entries.set(etag, hit);
        return hit;
      }
      const value = compute();
      entries.set(etag, value);
      value.catch(() => {
        if (entries.get(etag) === value) entries.delete(etag);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(oldest);
      }
      return value;
    },
  };
}

/** A query key: path segments, optionally ending with the query-string parameters. */
export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;
export type ApiQueryKey = readonly [string, ...Array<string | QueryParams>];

function isParams(segment: unknown): segment is QueryParams {
  return typeof segment === 'object' && segment !== null;
}

/** `?a=1&b=x`, leaving out empty values; '' when nothing is left. */
export function buildQueryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The GET path of a query key (docs/requirements.md#crm-data): its string segments joined with '/', so
 * the leads collection's key and an id read `/api/admin/leads/{id}`. A trailing object becomes the query
 * string, which keeps list keys under their path prefix for invalidation.
 */
export function buildPathFromKey(queryKey: readonly unknown[]): string {
  const segments: string[] = [];
  let query = '';
  queryKey.forEach((segment, index) => {
    if (isParams(segment)) {
      if (index !== queryKey.length - 1) throw new Error('Query parameters must be the last segment of a query key');
      query = buildQueryString(segment);
      return;
    }
    const text = String(segment);
    segments.push(index === 0 ? text : encodeURIComponent(text));
  });
  return `${segments.join('/')}${query}`;
}

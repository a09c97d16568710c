// Constants written into SQL text. Where a partial or expression index must match a query's
// expression (e.g. `status not in ('Won', 'Lost')`), a bound parameter cannot stand in for the
// literal; building the literal from the shared constant keeps one source for the values.

/** `'a', 'b'`: the values as SQL string literals, for `in (…)` or `array[…]`. */
export function sqlStringList(values: readonly string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
}

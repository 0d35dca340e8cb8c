// What a start-up message offers for a misspelt key: the nearest valid one and the whole list
// (docs/resources.md "Mistakes caught early"); the start, `npm run db:generate` and the bindings use it.

/** Edits (insert, delete, replace) from `a` to `b`. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** ` (did you mean "name"? valid: name, email)`: the closest key when it is close, then every key. */
export function suggestion(wrong: string, valid: readonly string[]): string {
  const ranked = valid.map((v) => ({ v, d: distance(wrong.toLowerCase(), v.toLowerCase()) })).sort((x, y) => x.d - y.d);
  const near =
    ranked[0] && ranked[0].d <= Math.max(2, Math.floor(wrong.length / 3)) ? `did you mean "${ranked[0].v}"? ` : '';
  return ` (${near}valid: ${valid.length ? valid.join(', ') : 'none'})`;
}

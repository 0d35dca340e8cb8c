// Raw `db.execute` answers differ in type between node-postgres and PGlite, but both carry `rows`.
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

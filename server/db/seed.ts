// Placeholder: demo seed — filled in by its owner.
import type { Db } from './index';

export interface SeedResult {
  password: string;
  passwordGenerated: boolean;
  users: { email: string; note: string }[];
}

export async function seedIfEmpty(_db: Db, _opts: { password: string | null }): Promise<SeedResult | null> {
  return null;
}

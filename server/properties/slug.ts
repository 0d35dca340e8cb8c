// Property slugs: lower-case words joined by "-", unique within a company. Given ones are normalised
// ("Wharf House!" → "wharf-house"); a missing one is derived from the name. A property in the trash
// holds no slug (docs/resources.md "Trash").
import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { slugify } from '../db/seed';
import { properties } from '../db/schema';
import { escapeLike, type Conn } from '../db/conn';

/** Room left for a "-12" suffix within the 255-character cap. */
const SLUG_BASE_MAX = 240;

export const toSlug = (value: string): string => slugify(value).slice(0, SLUG_BASE_MAX).replace(/-$/, '');

/** From the name when no usable slug was given; "property" when the name has no letters or digits. */
export const slugFromName = (name: string): string => toSlug(name) || 'property';

export async function slugTaken(db: Conn, companyId: string, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.companyId, companyId),
        eq(properties.slug, slug),
        isNull(properties.deletedAt),
        exceptId ? sql`${properties.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** `base`, or `base-2`, `base-3`, … : the first slug not yet used in the company. */
export async function freeSlug(db: Conn, companyId: string, base: string): Promise<string> {
  const rows = await db
    .select({ slug: properties.slug })
    .from(properties)
    .where(
      and(
        eq(properties.companyId, companyId),
        isNull(properties.deletedAt),
        or(eq(properties.slug, base), like(properties.slug, `${escapeLike(base)}-%`)),
      ),
    );
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

// Property slugs: lower-case words joined by "-", unique within a company. Given ones are normalised
// ("Wharf House!" → "wharf-house"); a missing one is derived from the name.
import { slugify } from '../db/seed';

/** Room left for a "-12" suffix within the 255-character cap. */
const SLUG_BASE_MAX = 240;

export const toSlug = (value: string): string => slugify(value).slice(0, SLUG_BASE_MAX).replace(/-$/, '');

/** From the name when no usable slug was given; "property" when the name has no letters or digits. */
export const slugFromName = (name: string): string => toSlug(name) || 'property';

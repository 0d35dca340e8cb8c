// The PostgreSQL extensions Olympus's migrations create, as PGlite loads them: PGlite ships contrib
// modules as separate bundles, so every PGlite Olympus opens (in this thread, in the worker, on disk)
// must be given them, or a migration's CREATE EXTENSION (or a dump that holds one) fails.
// pg_trgm: the trigram index behind the audit log's search (docs/security.md "The audit log").
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };

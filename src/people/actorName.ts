// Who did something, as every screen that names them says it (the audit log, a record's history,
// the trash): their name; "Olympus" for what the server did itself (the demo seed, a timer's prune,
// an account disabled for dormancy), which has no person; "Removed user" for someone deleted since;
// "Someone outside your companies" for a person the server does not name to this caller (`hidden`).
import type { TranslateFunction } from 'ra-core';

export function actorName(
  actor: { name: string | null; hidden?: boolean } | null | undefined,
  translate: TranslateFunction,
): string {
  if (!actor) return translate('olympus.actor.system');
  if (actor.hidden) return translate('olympus.actor.hidden');
  return actor.name || translate('olympus.actor.removed');
}

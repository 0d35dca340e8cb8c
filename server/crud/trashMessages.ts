// What the trash's routes answer (docs/resources.md "Trash"), derived from a declaration's noun and
// fields like its other messages.
import type { ResourceDecl } from '../../contract/resources/declare';
import { ONLY_SUPER_ADMIN_PURGE } from '../http/routeAccess';

export function trashMessages(decl: ResourceDecl) {
  const { one } = decl.noun;
  const One = one.charAt(0).toUpperCase() + one.slice(1);
  /** The field a unique rule (by its constraint's name, e.g. properties_company_slug) holds, by its label. */
  const fieldOf = (constraint: string | null): string => {
    const words = (constraint ?? '').split('_');
    const hit = Object.entries(decl.fields).find(([name]) => {
      const parts = name.split('_');
      return words.some((_, i) => parts.every((p, k) => words[i + k] === p));
    });
    return hit ? hit[1].label.toLowerCase() : 'name';
  };
  return {
    restored: `The ${one} has been restored`,
    purged: `The ${one} has been deleted forever`,
    notInTrash: `${One} not found in the trash.`,
    purgeSuperAdminOnly: ONLY_SUPER_ADMIN_PURGE,
    /** A purge a foreign key refused, with no declared reference in the trash to name: another company's, or a
     * company's records. */
    usedElsewhere: `This ${one} is used by other records.`,
    nameTaken: (constraint: string | null) =>
      `This ${one} cannot be restored: another ${one} now has the same ${fieldOf(constraint)}. Rename or delete that one first.`,
  };
}

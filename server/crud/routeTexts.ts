// The texts of a declared resource's routes in the OpenAPI document (docs/resources.md): each route's
// summary and description, from the declaration's nouns and its own summaries and descriptions.
import { hasTrash, type ResourceDecl, type RouteKey } from '../../contract/resources/declare';

const LIST_DESCRIPTION =
  'The whole list, or a page of it with `page`/`per_page` (and `sort`, `q`, `q_in`), answered with `meta.total`.';
const DELETE_DESCRIPTION =
  'The record moves to the trash, restorable until OLYMPUS_TRASH_DAYS have passed; refused (409) while live records refer to it. `?purge=true` (super_admin only) deletes it for good, from the trash or not, once nothing in the trash refers to it.';

export function summaries(decl: ResourceDecl): Record<RouteKey, string> {
  const { one, many } = decl.noun;
  const a = decl.noun.article ?? 'a';
  const scoped = decl.tenancy === 'scoped';
  return {
    list: scoped ? `The ${many} of the X-Tenant company` : `Every ${one}`,
    createForm: `Fields of the ${one} create form`,
    one: `One ${one}`,
    editForm: `The ${one} and its edit form filled in`,
    create: scoped ? `Create ${a} ${one} in the X-Tenant company` : `Create ${a} ${one}`,
    update: `Update ${a} ${one}`,
    delete: hasTrash(decl)
      ? `Move ${a} ${one} to the trash (?purge=true: delete it forever, super_admin only)`
      : `Delete ${a} ${one}`,
    trash: scoped ? `The ${many} in the trash of the X-Tenant company` : `The ${many} in the trash`,
    restore: `Restore ${a} ${one} from the trash`,
    ...decl.summaries,
  };
}
/** A route's OpenAPI description: the declared one ('' for none), else the list's about paging. */
export function descriptionOf(decl: ResourceDecl, key: RouteKey): string | undefined {
  const declared = decl.descriptions?.[key];
  if (declared !== undefined) return declared === '' ? undefined : declared;
  return key === 'list' ? LIST_DESCRIPTION : key === 'delete' && hasTrash(decl) ? DELETE_DESCRIPTION : undefined;
}

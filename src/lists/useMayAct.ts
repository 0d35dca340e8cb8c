// Whether the signed-in user may create, change or remove records of the list's resource: the
// permission its routes need (contract/access.ts permissionOf), so a list hides the buttons the
// server would refuse. The server still decides; without a known user or declaration nothing is hidden.
import { useResourceContext } from 'ra-core';
import { permissionOf } from '../../contract/access';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { hasPermission, SUPER_ADMIN } from '../../contract/roles';
import { viewerOf } from '../../providers/authProvider';
import { useSessionUser } from '../layout/useSessionUser';

export type ListAction = 'create' | 'update' | 'delete';

export function useMayAct(action: ListAction): boolean {
  const resource = useResourceContext();
  const user = useSessionUser();
  const decl = DECLARED_RESOURCES.find((d) => d.spa === resource);
  if (!decl || !user) return true;
  const viewer = viewerOf(user);
  return viewer.role === SUPER_ADMIN || hasPermission(viewer.permissions, permissionOf(decl, action));
}

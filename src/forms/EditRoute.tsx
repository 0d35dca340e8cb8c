// The record id of an edit screen. react-admin mounts `edit` at /{resource}/:id/*; the app's address
// is /{resource}/{id}/edit, so any other tail is sent to the canonical one.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';

export function EditRoute({ children }: { children: (id: string) => ReactNode }) {
  const { id, '*': rest = '' } = useParams();
  const { pathname } = useLocation();
  if (!id) return null;
  if (rest !== 'edit') {
    const base = (rest ? pathname.slice(0, pathname.length - rest.length) : pathname).replace(/\/+$/, '');
    return <Navigate to={`${base}/edit`} replace />;
  }
  return <>{children(id)}</>;
}

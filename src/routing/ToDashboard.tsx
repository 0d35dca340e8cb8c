// A user failing a role or permission check goes to the dashboard. Stands in for
// react-admin's access-denied page (its canAccess checks land on /dashboard/access-denied).
import { Navigate } from 'react-router';
import { DASHBOARD_PATH } from './guardDecision';

export function ToDashboard() {
  return <Navigate to={DASHBOARD_PATH} replace />;
}

// Cells of the users list: pills per system and per role (with the role's system as a hint).
import type { UserRecord } from './userRecord';
import { Pills } from './UserPills';

export const systemPills = (u: UserRecord) => (
  <Pills color="primary" items={(u.systems ?? []).map((s) => ({ key: s.uuid, label: s.name }))} />
);

export const rolePills = (u: UserRecord) => (
  <Pills color="secondary" items={(u.roles ?? []).map((r) => ({ key: r.uuid, label: r.label, title: r.system }))} />
);

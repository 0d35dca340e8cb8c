// The bare anchor's hand-written SQL: what a minimal server (no ORM, no auth, no validation) sends to
// the same database for the four resources of the front-end anchors (units, properties, companies,
// users). Postgres builds every JSON body, so a list is one round trip. Field and sort names are
// looked up in fixed maps; every value is a bind parameter.

import { unitResource } from '../../contract/resources/units';

/** PGlite and node-postgres both answer `query(text, params)` with `{ rows }`. */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface ResourceSql {
  /** Columns of one record (its JSON shape), `id` included. */
  columns: string;
  from: string;
  /** The main table and its alias, for writes. */
  table: string;
  alias: string;
  /** The tenant column (company-scoped resources) or null (global ones). */
  tenant: string | null;
  /** What the search box (`q`) matches, case-insensitive substring. */
  search: string[];
  /** Exact filters: filter key → column (`id` also takes an array: ra-data-simple-rest's getMany). */
  filters: Record<string, string>;
  /** Sort key → expression; the first is the default. */
  sorts: Record<string, string>;
  /** Body keys a create/update may set → columns. */
  writable: Record<string, string>;
  /** Extra columns of an insert (besides the tenant) → SQL expressions over the bind parameters. */
  insertExtra?: Record<string, string>;
}

/** The units' stored fields, as declared (the anchor hand-writes its SQL, not the field list). */
const UNIT_FIELDS = Object.keys(unitResource.fields);

const UNIT_COLUMNS = `u.id as uuid, u.id, ${UNIT_FIELDS.map((f) => `u.${f}`).join(', ')}, json_build_object('uuid', p.id, 'name', p.name) as property,
  concat_ws(', ', nullif(u.address_line_1, ''), nullif(u.address_line_2, ''), nullif(u.area, ''), nullif(u.city, ''),
    nullif(u.county, ''), nullif(u.postcode, '')) as full_address`;

const ADDRESS = ['address_line_1', 'address_line_2', 'city', 'county', 'postcode'];
const same = (alias: string, keys: string[]) => Object.fromEntries(keys.map((k) => [k, `${alias}.${k}`]));

export const RESOURCES: Record<string, ResourceSql> = {
  units: {
    columns: UNIT_COLUMNS,
    from: 'units u join properties p on p.id = u.property_id',
    table: 'units',
    alias: 'u',
    tenant: 'u.company_id',
    // Olympus's unit search box matches the unit type only (contract/lists.ts LIST_SEARCH_FIELDS.units).
    search: ['u.unit_type'],
    filters: { id: 'u.id', property_id: 'u.property_id', unit_type: 'u.unit_type', unit_status: 'u.unit_status' },
    sorts: {
      name: 'lower(u.name)',
      unit_type: 'lower(u.unit_type)',
      property: 'lower(p.name)',
      property_id: 'lower(p.name)',
      unit_ref: 'lower(u.unit_ref)',
      bedrooms: 'u.bedrooms',
      bathrooms: 'u.bathrooms',
    },
    writable: same('u', UNIT_FIELDS),
  },
  properties: {
    columns: `p.id, p.name, p.reference, p.slug, p.company_id, p.address_line_1, p.address_line_2, p.city, p.county, p.country, p.postcode, p.area,
      (select count(*)::int from units x where x.property_id = p.id) as units`,
    from: 'properties p',
    table: 'properties',
    alias: 'p',
    tenant: 'p.company_id',
    search: ['p.name'],
    filters: { id: 'p.id', company_id: 'p.company_id', city: 'p.city' },
    sorts: { name: 'lower(p.name)', city: 'lower(p.city)', postcode: 'p.postcode', reference: 'lower(p.reference)' },
    writable: same('p', ['name', 'reference', ...ADDRESS, 'country', 'area']),
    // slug is required and unique per company: derived from the name plus a random suffix.
    insertExtra: {
      slug: `lower(regexp_replace(coalesce($NAME, 'property'), '[^a-zA-Z0-9]+', '-', 'g')) || '-' || substr(md5(random()::text), 1, 6)`,
    },
  },
  companies: {
    columns: `c.id, c.name, c.address_line_1, c.address_line_2, c.city, c.county, c.postcode,
      (select count(*)::int from properties x where x.company_id = c.id) as properties`,
    from: 'companies c',
    table: 'companies',
    alias: 'c',
    tenant: null,
    search: ['c.name'],
    filters: { id: 'c.id', city: 'c.city' },
    sorts: { name: 'lower(c.name)', city: 'lower(c.city)', postcode: 'c.postcode' },
    writable: same('c', ['name', ...ADDRESS]),
  },
  users: {
    columns: `s.id, s.name, s.username, s.email, s.must_change_password, s.disabled_at is not null as disabled, s.last_login_at,
      (select coalesce(json_agg(uc.company_id), '[]'::json) from user_companies uc where uc.user_id = s.id) as company_ids`,
    from: 'users s',
    table: 'users',
    alias: 's',
    tenant: null,
    search: ['s.name', 's.email'],
    filters: { id: 's.id' },
    sorts: { name: 'lower(s.name)', email: 'lower(s.email)', username: 'lower(s.username)' },
    writable: same('s', ['name', 'username', 'email']),
  },
};

export interface ListQuery {
  page: number;
  perPage: number;
  sort?: string;
  desc?: boolean;
  q?: string;
  filter?: Record<string, unknown>;
}

function where(
  spec: ResourceSql,
  tenant: string | null,
  q: string | undefined,
  filter: Record<string, unknown>,
  params: unknown[],
): string {
  const parts: string[] = [];
  if (spec.tenant && tenant) {
    params.push(tenant);
    parts.push(`${spec.tenant} = $${params.length}`);
  }
  if (q && q.trim()) {
    params.push(`%${q.trim().replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    parts.push(`(${spec.search.map((c) => `${c} ilike $${params.length}`).join(' or ')})`);
  }
  for (const [key, value] of Object.entries(filter)) {
    const col = spec.filters[key];
    if (!col || value === undefined || value === '') continue;
    params.push(Array.isArray(value) ? value.map(String) : String(value));
    // Untyped parameters take the column's type (uuid ids keep their index).
    parts.push(Array.isArray(value) ? `${col} = any($${params.length})` : `${col} = $${params.length}`);
  }
  return parts.length ? `where ${parts.join(' and ')}` : '';
}

function orderBy(spec: ResourceSql, sort: string | undefined, desc: boolean | undefined): string {
  const expr = (sort && spec.sorts[sort]) || Object.values(spec.sorts)[0];
  return `order by ${expr} ${desc ? 'desc' : 'asc'} nulls last, ${spec.alias}.id`;
}

/** One page and the total, as one JSON text `{ data, meta: { total, page, per_page } }` built by Postgres. */
export async function listPage(
  client: RawClient,
  resource: string,
  tenant: string | null,
  l: ListQuery,
): Promise<string> {
  const spec = RESOURCES[resource];
  const params: unknown[] = [];
  const w = where(spec, tenant, l.q, l.filter ?? {}, params);
  params.push(l.perPage, (l.page - 1) * l.perPage, l.page);
  const [limit, offset, page] = [params.length - 2, params.length - 1, params.length];
  const { rows } = await client.query(
    `with pg as (select ${spec.columns} from ${spec.from} ${w} ${orderBy(spec, l.sort, l.desc)} limit $${limit} offset $${offset})
     select json_build_object('data', coalesce((select json_agg(pg) from pg), '[]'::json),
       'meta', json_build_object('total', (select count(*) from ${spec.from} ${w}), 'page', $${page}::int, 'per_page', $${limit}::int))::text as body`,
    params,
  );
  return String(rows[0].body);
}

/** Every matching record as one JSON array text (no paging: the full list, or getMany by id). */
export async function listAll(
  client: RawClient,
  resource: string,
  tenant: string | null,
  filter: Record<string, unknown> = {},
  q?: string,
): Promise<string> {
  const spec = RESOURCES[resource];
  const params: unknown[] = [];
  const w = where(spec, tenant, q, filter, params);
  const { rows } = await client.query(
    `select coalesce(json_agg(t), '[]'::json)::text as body from (select ${spec.columns} from ${spec.from} ${w} ${orderBy(spec, undefined, false)}) t`,
    params,
  );
  return String(rows[0].body);
}

/** One record as JSON text, or null. */
export async function getOne(
  client: RawClient,
  resource: string,
  tenant: string | null,
  id: string,
): Promise<string | null> {
  const body = JSON.parse(await listAll(client, resource, tenant, { id })) as unknown[];
  return body.length ? JSON.stringify(body[0]) : null;
}

const pick = (spec: ResourceSql, body: Record<string, unknown>) =>
  Object.entries(body).filter(([k]) => Object.hasOwn(spec.writable, k));
const column = (spec: ResourceSql, key: string) => spec.writable[key].slice(spec.alias.length + 1);

/** Inserts a record from the body's writable keys (and the tenant); answers it. */
export async function create(
  client: RawClient,
  resource: string,
  tenant: string | null,
  body: Record<string, unknown>,
): Promise<string | null> {
  const spec = RESOURCES[resource];
  const fields = pick(spec, body);
  const cols = fields.map(([k]) => column(spec, k));
  const params: unknown[] = fields.map(([, v]) => v);
  const values = params.map((_, i) => `$${i + 1}`);
  if (spec.tenant && tenant) {
    params.push(tenant);
    cols.push(spec.tenant.split('.')[1]);
    values.push(`$${params.length}`);
  }
  for (const [col, expr] of Object.entries(spec.insertExtra ?? {})) {
    params.push(body.name ?? null);
    cols.push(col);
    values.push(expr.replace('$NAME', `$${params.length}::text`));
  }
  const { rows } = await client.query(
    `insert into ${spec.table} (${cols.join(', ')}) values (${values.join(', ')}) returning id`,
    params,
  );
  return getOne(client, resource, tenant, String(rows[0].id));
}

/** Updates the body's writable keys of one record of the tenant; answers it (null when not found). */
export async function update(
  client: RawClient,
  resource: string,
  tenant: string | null,
  id: string,
  body: Record<string, unknown>,
): Promise<string | null> {
  const spec = RESOURCES[resource];
  const fields = pick(spec, body);
  if (fields.length) {
    const params: unknown[] = fields.map(([, v]) => v);
    const sets = fields.map(([k], i) => `${column(spec, k)} = $${i + 1}`);
    params.push(id);
    let w = `id = $${params.length}`;
    if (spec.tenant && tenant) {
      params.push(tenant);
      w += ` and ${spec.tenant.split('.')[1]} = $${params.length}`;
    }
    await client.query(`update ${spec.table} set ${sets.join(', ')}, updated_at = now() where ${w}`, params);
  }
  return getOne(client, resource, tenant, id);
}

/** Deletes one record of the tenant; answers it as it was (null when not found). */
export async function remove(
  client: RawClient,
  resource: string,
  tenant: string | null,
  id: string,
): Promise<string | null> {
  const spec = RESOURCES[resource];
  const before = await getOne(client, resource, tenant, id);
  if (before) await client.query(`delete from ${spec.table} where id = $1`, [id]);
  return before;
}

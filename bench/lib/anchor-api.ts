// Anchor (a): a bare Fastify server answering the unit list with hand-written SQL on the same
// database as Olympus — the ceiling for Olympus's layers (no auth, no schema validation, no ORM).
// It also serves the two front-end anchors and their API: ra-data-simple-rest's dialect
// (`range`, `sort`, `filter` → array + Content-Range) and a plain page (`page`, `per_page`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Db } from '../../server/db';

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const UNIT_COLUMNS = `u.id as uuid, u.id, u.name, u.property_id, json_build_object('uuid', p.id, 'name', p.name) as property,
  u.unit_ref, u.unit_type, u.unit_status, u.short_description, u.description, u.address_line_1, u.address_line_2,
  u.city, u.county, u.area, u.postcode, u.size_unit, u.furnished,
  concat_ws(', ', nullif(u.address_line_1, ''), nullif(u.address_line_2, ''), nullif(u.area, ''), nullif(u.city, ''),
    nullif(u.county, ''), nullif(u.postcode, '')) as full_address, u.bedrooms, u.bathrooms`;
const FROM = `from units u join properties p on p.id = u.property_id`;
const SORTS: Record<string, string> = {
  name: 'lower(u.name)',
  unit_type: 'lower(u.unit_type)',
  property: 'lower(p.name)',
  bedrooms: 'u.bedrooms',
  bathrooms: 'u.bathrooms',
};

export interface AnchorOptions {
  db: Db;
  /** Tenant keys the front-end anchors use in their API path (/api/demo/units) → company id. */
  tenants: Record<string, string>;
  /** URL prefix → built front-end anchor directory (served with an index.html fallback). */
  apps: Record<string, string>;
}

function clientOf(db: Db): RawClient {
  return (db as unknown as { $client: RawClient }).$client;
}

function search(q: string | undefined, params: unknown[]): string {
  if (!q || !q.trim()) return '';
  params.push(`%${q.trim().replace(/[\\%_]/g, (c) => '\\' + c)}%`);
  const n = params.length;
  return ` and (u.name ilike $${n} or u.unit_ref ilike $${n} or u.unit_type ilike $${n} or u.unit_status ilike $${n} or p.name ilike $${n})`;
}

/** One round trip; Postgres builds the whole JSON body. */
async function page(client: RawClient, tenant: string, pageNo: number, perPage: number, sort: string, desc: boolean, q?: string): Promise<string> {
  const params: unknown[] = [tenant, perPage, (pageNo - 1) * perPage, pageNo];
  const where = `where u.company_id = $1` + search(q, params);
  const order = `${SORTS[sort] ?? SORTS.name} ${desc ? 'desc' : 'asc'} nulls last, u.id`;
  const { rows } = await client.query(
    `with pg as (select ${UNIT_COLUMNS} ${FROM} ${where} order by ${order} limit $2 offset $3)
     select json_build_object('data', coalesce((select json_agg(pg) from pg), '[]'::json),
       'meta', json_build_object('total', (select count(*) ${FROM} ${where}), 'page', $4::int, 'per_page', $2::int))::text as body`,
    params,
  );
  return String(rows[0].body);
}

async function all(client: RawClient, tenant: string): Promise<string> {
  const { rows } = await client.query(
    `select json_build_object('data', coalesce(json_agg(t), '[]'::json))::text as body
     from (select ${UNIT_COLUMNS} ${FROM} where u.company_id = $1 order by lower(u.name), u.id) t`,
    [tenant],
  );
  return String(rows[0].body);
}

const json = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

export async function buildAnchorApi(opts: AnchorOptions): Promise<FastifyInstance> {
  const client = clientOf(opts.db);
  const app = Fastify({ logger: false });
  // The same compression Olympus applies to its static files (server/http/security.ts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });

  // Benchmark API: same query string and answer shape as Olympus's GET /api/v1/units.
  app.get<{ Querystring: { page?: string; per_page?: string; q?: string }; Headers: { 'x-tenant'?: string } }>('/units', async (req, reply) => {
    const tenant = req.headers['x-tenant'];
    if (!tenant) return reply.code(403).send({ message: 'X-Tenant missing' });
    if (req.query.page === undefined && req.query.per_page === undefined) return json(reply, await all(client, tenant));
    const pageNo = Math.max(1, Number(req.query.page ?? 1) || 1);
    const perPage = Math.min(500, Math.max(1, Number(req.query.per_page ?? 25) || 25));
    return json(reply, await page(client, tenant, pageNo, perPage, 'name', false, req.query.q));
  });

  // ra-data-simple-rest dialect for the react-admin anchor; plain pages for the MUI anchor.
  app.get<{ Params: { tenant: string }; Querystring: Record<string, string | undefined> }>('/api/:tenant/units', async (req, reply) => {
    const tenant = opts.tenants[req.params.tenant];
    if (!tenant) return reply.code(404).send({ message: 'Not found.' });
    const qs = req.query;
    if (qs.range) {
      const [start, end] = JSON.parse(qs.range) as [number, number];
      const [field, dir] = qs.sort ? (JSON.parse(qs.sort) as [string, string]) : ['name', 'ASC'];
      const filter = qs.filter ? (JSON.parse(qs.filter) as { q?: string }) : {};
      const perPage = Math.min(500, Math.max(1, end - start + 1));
      const body = JSON.parse(await page(client, tenant, Math.floor(start / perPage) + 1, perPage, field, dir === 'DESC', filter.q)) as {
        data: unknown[];
        meta: { total: number };
      };
      reply.header('Content-Range', `units ${start}-${start + body.data.length - 1}/${body.meta.total}`);
      return json(reply, JSON.stringify(body.data));
    }
    const pageNo = Math.max(1, Number(qs.page ?? 1) || 1);
    const perPage = Math.min(500, Math.max(1, Number(qs.per_page ?? 25) || 25));
    return json(reply, await page(client, tenant, pageNo, perPage, qs.sort ?? 'name', qs.order === 'desc', qs.q));
  });

  let first = true;
  for (const [prefix, dir] of Object.entries(opts.apps)) {
    if (!existsSync(path.join(dir, 'index.html'))) continue;
    await app.register(fastifyStatic, { root: path.resolve(dir), prefix: `/${prefix}/`, decorateReply: first, wildcard: true });
    first = false;
  }
  app.setNotFoundHandler((req, reply) => {
    const prefix = req.url.split('/')[1] ?? '';
    const dir = opts.apps[prefix];
    if (req.method === 'GET' && dir && !/\.[a-z0-9]+(\?|$)/i.test(req.url)) return reply.sendFile('index.html', path.resolve(dir));
    return reply.code(404).send({ message: 'Not found.' });
  });
  return app;
}

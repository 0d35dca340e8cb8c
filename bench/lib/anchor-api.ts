// Anchor (a): a bare Fastify server answering with the hand-written SQL of anchor-sql.ts on the same
// data as Olympus — the ceiling for Olympus's layers (no auth, no schema validation, no ORM). It also
// serves the two front-end anchors and their API for four resources, in two dialects:
// ra-data-simple-rest's (`range`, `sort`, `filter` as JSON → array + Content-Range) for the
// react-admin anchor, plain pages (`page`, `per_page`, `sort`, `order`, `q` → `{ data, meta }`) for the
// MUI anchor; one record by id, create (POST), update (PUT) and delete for both.
import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { create, getOne, listAll, listPage, remove, RESOURCES, update, type RawClient } from './anchor-sql';

export interface AnchorOptions {
  client: RawClient;
  /** Tenant keys the front-end anchors use in their API path (/api/demo/units) → company id. */
  tenants: Record<string, string>;
  /** URL prefix → built front-end anchor directory (served with an index.html fallback). */
  apps: Record<string, string>;
}

type Query = Record<string, string | undefined>;
interface ResourceParams {
  tenant: string;
  resource: string;
  id?: string;
}

const json = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);
const int = (raw: string | undefined, fallback: number, max: number) =>
  Math.min(max, Math.max(1, Number(raw ?? fallback) || fallback));
const parse = <T>(raw: string | undefined, fallback: T): T => {
  try {
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};

export async function buildAnchorApi(opts: AnchorOptions): Promise<FastifyInstance> {
  const { client } = opts;
  const app = Fastify({ logger: false });
  // The same compression Olympus applies (server/http/security.ts).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  // Benchmark API: the same query string and answer shape as Olympus's GET /api/v1/units.
  app.get<{ Querystring: Query; Headers: { 'x-tenant'?: string } }>('/units', async (req, reply) => {
    const tenant = req.headers['x-tenant'];
    if (!tenant) return reply.code(403).send({ message: 'X-Tenant missing' });
    const qs = req.query;
    if (qs.page === undefined && qs.per_page === undefined)
      return json(reply, `{"data":${await listAll(client, 'units', tenant)}}`);
    return json(
      reply,
      await listPage(client, 'units', tenant, {
        page: int(qs.page, 1, 1_000_000),
        perPage: int(qs.per_page, 25, 500),
        q: qs.q,
      }),
    );
  });

  // The front-end anchors' API.
  const scope = (p: ResourceParams, reply: FastifyReply): string | null | undefined => {
    const tenant = opts.tenants[p.tenant];
    if (!tenant || !Object.hasOwn(RESOURCES, p.resource)) {
      void reply.code(404).send({ message: 'Not found.' });
      return undefined;
    }
    return RESOURCES[p.resource].tenant ? tenant : null;
  };

  app.get<{ Params: ResourceParams; Querystring: Query }>('/api/:tenant/:resource', async (req, reply) => {
    const tenant = scope(req.params, reply);
    if (tenant === undefined) return reply;
    const { resource } = req.params;
    const qs = req.query;
    if (qs.range !== undefined || qs.filter !== undefined || qs.sort?.startsWith('[')) {
      // ra-data-simple-rest: getList (range) or getMany / getManyReference without range.
      const filter = parse<Record<string, unknown>>(qs.filter, {});
      const q = typeof filter.q === 'string' ? filter.q : undefined;
      delete filter.q;
      if (qs.range === undefined) return json(reply, await listAll(client, resource, tenant, filter, q));
      const [start, end] = parse<[number, number]>(qs.range, [0, 24]);
      const [field, dir] = parse<[string, string]>(qs.sort, ['', 'ASC']);
      const perPage = Math.min(500, Math.max(1, end - start + 1));
      const body = JSON.parse(
        await listPage(client, resource, tenant, {
          page: Math.floor(start / perPage) + 1,
          perPage,
          sort: field,
          desc: dir === 'DESC',
          q,
          filter,
        }),
      ) as { data: unknown[]; meta: { total: number } };
      reply.header('Content-Range', `${resource} ${start}-${start + body.data.length - 1}/${body.meta.total}`);
      return json(reply, JSON.stringify(body.data));
    }
    // Plain pages (the MUI anchor); no `page` at all = the whole list.
    if (qs.page === undefined && qs.per_page === undefined)
      return json(reply, await listAll(client, resource, tenant, {}, qs.q));
    return json(
      reply,
      await listPage(client, resource, tenant, {
        page: int(qs.page, 1, 1_000_000),
        perPage: int(qs.per_page, 25, 500),
        sort: qs.sort,
        desc: qs.order === 'desc',
        q: qs.q,
      }),
    );
  });

  app.get<{ Params: ResourceParams }>('/api/:tenant/:resource/:id', async (req, reply) => {
    const tenant = scope(req.params, reply);
    if (tenant === undefined) return reply;
    const body = await getOne(client, req.params.resource, tenant, req.params.id ?? '');
    return body ? json(reply, body) : reply.code(404).send({ message: 'Not found.' });
  });

  app.post<{ Params: ResourceParams; Body: Record<string, unknown> }>('/api/:tenant/:resource', async (req, reply) => {
    const tenant = scope(req.params, reply);
    if (tenant === undefined) return reply;
    const body = await create(client, req.params.resource, tenant, req.body ?? {});
    return body ? json(reply.code(201), body) : reply.code(400).send({ message: 'Not created.' });
  });

  app.put<{ Params: ResourceParams; Body: Record<string, unknown> }>(
    '/api/:tenant/:resource/:id',
    async (req, reply) => {
      const tenant = scope(req.params, reply);
      if (tenant === undefined) return reply;
      const body = await update(client, req.params.resource, tenant, req.params.id ?? '', req.body ?? {});
      return body ? json(reply, body) : reply.code(404).send({ message: 'Not found.' });
    },
  );

  app.delete<{ Params: ResourceParams }>('/api/:tenant/:resource/:id', async (req, reply) => {
    const tenant = scope(req.params, reply);
    if (tenant === undefined) return reply;
    const body = await remove(client, req.params.resource, tenant, req.params.id ?? '');
    return body ? json(reply, body) : reply.code(404).send({ message: 'Not found.' });
  });

  let first = true;
  for (const [prefix, dir] of Object.entries(opts.apps)) {
    if (!existsSync(path.join(dir, 'index.html'))) continue;
    await app.register(fastifyStatic, {
      root: path.resolve(dir),
      prefix: `/${prefix}/`,
      decorateReply: first,
      wildcard: true,
    });
    first = false;
  }
  app.setNotFoundHandler((req, reply) => {
    const prefix = req.url.split('/')[1] ?? '';
    const dir = opts.apps[prefix];
    if (req.method === 'GET' && dir && !/\.[a-z0-9]+(\?|$)/i.test(req.url))
      return reply.sendFile('index.html', path.resolve(dir));
    return reply.code(404).send({ message: 'Not found.' });
  });
  return app;
}

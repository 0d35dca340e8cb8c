// A declared resource's reads and the writes of its checkbox lists (docs/resources.md), each a
// function of its own file taking the resource as bound once at start (./bound.ts): the records
// (./reads.ts), the references (./refReads.ts), an import's look-ups (./importLookups.ts) and the
// checkbox lists (./checkboxLists.ts). `crudQueries` hands them out bound to the resource.
import type { SQL } from 'drizzle-orm';
import type { ResourceDecl } from '../../contract/resources/declare';
import type { Conn } from '../db/conn';
import type { WholeListOptions } from '../lists/wholeLists';
import type { TenantScope } from '../db/tenantScope';
import type { ListQueryValues } from '../lists/lists';
import type { CrudBinding, CrudHooks } from './binding';
import { bindResource, type BoundRef, type Which } from './bound';
import { everyRecord, findRecord, findRecords, listRecords, trashPage } from './reads';
import { badRefsIn, liveRefs, refOptions, type LiveRefs } from './refReads';
import { idsWhere, refMatches } from './importLookups';
import { manyOptions, writeMany } from './checkboxLists';

export type { Which } from './bound';
export type { CrudRow } from './reads';
export type { LiveRefs } from './refReads';

type Body = Record<string, unknown>;

export function crudQueries(decl: ResourceDecl, binding: CrudBinding, hooks: CrudHooks) {
  const b = bindResource(decl, binding, hooks);
  return {
    shape: b.shape,
    writable: b.writable,
    listSpec: b.listSpec,
    list: (db: Conn, tenant: TenantScope, query: ListQueryValues, where?: SQL, whole?: WholeListOptions) =>
      listRecords(b, db, tenant, query, where, whole),
    find: (db: Conn, tenant: TenantScope, id: string, where?: SQL, w: Which = 'live') =>
      findRecord(b, db, tenant, id, where, w),
    trash: (db: Conn, tenant: TenantScope, page: number, perPage: number, where?: SQL) =>
      trashPage(b, db, tenant, page, perPage, where),
    /** The columns of the trash: null for a resource without one (`trash: false`). */
    trashColumns: b.trashColumns,
    refOptions: (db: Conn, tenant: TenantScope, current: Body = {}) => refOptions(b, db, tenant, current),
    liveRefs: (db: Conn, tenant: TenantScope, bodies: readonly Body[]) => liveRefs(b, db, tenant, bodies),
    badRefsIn: (body: Body, live: LiveRefs) => badRefsIn(b, body, live),
    /** badRefsIn, read for one body. */
    badRefs: async (db: Conn, tenant: TenantScope, body: Body): Promise<BoundRef[]> =>
      badRefsIn(b, body, await liveRefs(b, db, tenant, [body])),
    refMatches: (db: Conn, tenant: TenantScope, field: string, texts: readonly string[], keys: readonly string[]) =>
      refMatches(b, db, tenant, field, texts, keys),
    idsWhere: (db: Conn, tenant: TenantScope, fields: readonly string[], tuples: readonly unknown[][]) =>
      idsWhere(b, db, tenant, fields, tuples),
    findMany: (db: Conn, tenant: TenantScope, ids: readonly string[], lock = false) =>
      findRecords(b, db, tenant, ids, lock),
    everyRecord: (db: Conn) => everyRecord(b, db),
    manyOptions: (db: Conn) => manyOptions(b, db),
    writeMany: (tx: Conn, records: readonly { id: string; body: Body }[]) => writeMany(b, tx, records),
    updatedAt: b.updatedAt,
    id: b.id,
    /** The record's company_id column; none for a global resource or one with a tenant link. */
    companyId: b.companyId,
    /** The references, bound (their field, `as`, table and join). */
    refs: b.refs,
  };
}

export type CrudQueries = ReturnType<typeof crudQueries>;

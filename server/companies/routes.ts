// Companies (SPEC §2 CompanyIndex/Create/Edit): super_admin only (SPEC §6 bars
// admin and system_user), not tenant-scoped. A company with properties cannot be deleted. A custom
// role holding companies.* reaches only its own companies and creates none (./reach.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { conflict, forbidden } from '../errors';
import { companies } from '../db/schema';
import { eq } from 'drizzle-orm';
import { accessRules } from '../resources/access';
import { auditChange } from '../resources/audit';
import { FOREIGN_KEY_VIOLATION, pgError } from '../resources/db';
import { requireAuth } from '../auth/guard';
import { SUPER_ADMIN } from '../../contract/roles';
import { FieldErrors } from '../resources/errors';
import { ListQuery, listResponse, sendList } from '../resources/lists';
import { parseRows } from '../resources/listRows';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../resources/schemas';
import { columnsFrom, requiredText } from '../resources/values';
import { EmptyData, formResponse } from '../forms/schema';
import { withValues } from '../forms/fields';
import { propertyCrud } from '../properties/routes';
import { companyForm } from './fields';
import { COMPANY_COLUMNS, companyHasProperties, listCompanies } from './queries';
import { reachableCompanies, reachableCompanyOr404, REACH_MSG } from './reach';
import { CompanyCreateBody, CompanySchema, CompanyUpdateBody, CompanyWithProperties } from './schemas';

export const COMPANY_MSG = {
  notFound: 'Company not found.',
  hasProperties: 'This company still has properties. Remove them first.',
  created: 'The company has been created',
  updated: 'The company has been updated',
  deleted: 'The company has been deleted',
} as const;

const rules = accessRules('companies', 'global');
const tags = ['companies'];

const refuseCreateUnlessSuperAdmin = (req: FastifyRequest) => {
  if (requireAuth(req).role !== SUPER_ADMIN) throw forbidden(REACH_MSG.createSuperAdminOnly);
};

const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies',
    {
      schema: { tags, summary: 'Every company', querystring: ListQuery, response: { 200: listResponse(CompanySchema), ...errorResponses } },
      config: rules('view'),
    },
    async (req, reply) => {
      const { plan, ...list } = await listCompanies(app.db, req.query, reachableCompanies(requireAuth(req)));
      return sendList(reply, plan, list);
    },
  );

  app.get(
    '/companies/create',
    { schema: { tags, summary: 'Fields of the company create form', response: { 200: formResponse(EmptyData), ...errorResponses } }, config: rules('create') },
    async (req) => {
      refuseCreateUnlessSuperAdmin(req);
      return { data: {}, fields: companyForm() };
    },
  );

  app.get(
    '/companies/:id',
    { schema: { tags, summary: 'One company', params: IdParams, response: { 200: Type.Object({ data: CompanySchema }), ...errorResponses } }, config: rules('view') },
    async (req) => ({ data: await reachableCompanyOr404(app.db, requireAuth(req), req.params.id) }),
  );

  app.get(
    '/companies/:id/edit',
    {
      schema: {
        tags,
        summary: 'The company with its properties, and the edit form filled in',
        params: IdParams,
        response: { 200: formResponse(CompanyWithProperties), ...errorResponses },
      },
      config: rules('update'),
    },
    async (req) => {
      const company = await reachableCompanyOr404(app.db, requireAuth(req), req.params.id);
      const { json } = await propertyCrud.list(app.db, company.id, {});
      return { data: { ...company, properties: parseRows(json) }, fields: withValues(companyForm(), company) };
    },
  );

  app.post(
    '/companies',
    {
      schema: { tags, summary: 'Create a company', body: CompanyCreateBody, response: { 201: mutationResponse(CompanySchema), ...errorResponses } },
      config: rules('create'),
    },
    async (req, reply) => {
      refuseCreateUnlessSuperAdmin(req);
      const errors = new FieldErrors();
      const name = requiredText(errors, 'name', req.body.name);
      errors.throwIfAny();
      const company = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companies)
          .values({ ...columnsFrom<typeof companies.$inferInsert>(req.body, COMPANY_COLUMNS), name: name as string })
          .returning({ id: companies.id });
        const created = await reachableCompanyOr404(tx, requireAuth(req), row.id);
        await auditChange(tx, req, { action: 'company.created', entity: 'company', entityId: row.id, before: null, after: created });
        return created;
      });
      reply.code(201);
      return { data: { message: COMPANY_MSG.created, ...company } };
    },
  );

  app.put(
    '/companies/:id',
    {
      schema: {
        tags,
        summary: 'Update a company',
        params: IdParams,
        body: CompanyUpdateBody,
        response: { 200: mutationResponse(CompanySchema), ...errorResponses },
      },
      config: rules('update'),
    },
    async (req) => {
      const before = await reachableCompanyOr404(app.db, requireAuth(req), req.params.id);
      const errors = new FieldErrors();
      if (req.body.name !== undefined) requiredText(errors, 'name', req.body.name);
      errors.throwIfAny();
      const changes = columnsFrom<typeof companies.$inferInsert>(req.body, COMPANY_COLUMNS);
      const company = await app.db.transaction(async (tx) => {
        await tx
          .update(companies)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(companies.id, before.id));
        const after = await reachableCompanyOr404(tx, requireAuth(req), before.id);
        await auditChange(tx, req, { action: 'company.updated', entity: 'company', entityId: before.id, before, after });
        return after;
      });
      return { data: { message: COMPANY_MSG.updated, ...company } };
    },
  );

  app.delete(
    '/companies/:id',
    { schema: { tags, summary: 'Delete a company without properties', params: IdParams, response: { 200: MessageResponse, ...errorResponses } }, config: rules('delete') },
    async (req) => {
      const before = await reachableCompanyOr404(app.db, requireAuth(req), req.params.id);
      if (await companyHasProperties(app.db, before.id)) throw conflict(COMPANY_MSG.hasProperties);
      try {
        await app.db.transaction(async (tx) => {
          await tx.delete(companies).where(eq(companies.id, before.id));
          await auditChange(tx, req, { action: 'company.deleted', entity: 'company', entityId: before.id, before, after: null });
        });
      } catch (err) {
        // A property added since the check: the foreign key refuses, with the same answer.
        if (pgError(err).code === FOREIGN_KEY_VIOLATION) throw conflict(COMPANY_MSG.hasProperties);
        throw err;
      }
      return { data: { message: COMPANY_MSG.deleted } };
    },
  );
};

export default companyRoutes;

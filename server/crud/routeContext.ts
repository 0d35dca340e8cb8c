// What the route groups of a declared resource take (./routes.ts, ./history.ts): the app, the
// resource, its operations, access rules and OpenAPI texts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ResourceDecl, RouteKey } from '../../contract/resources/declare';
import type { accessRules, RouteAccess } from '../http/routeAccess';
import type { CrudHooks } from './binding';
import type { CrudOperations } from './operations';
import type { CrudQueries } from './queries';
import type { summaries } from './routeTexts';
import type { CrudSchemas } from './schemas';

export interface HistoryContext<P> {
  decl: ResourceDecl;
  hooks: CrudHooks<P>;
  schemas: CrudSchemas;
  ops: CrudOperations;
  rules: (action: 'view' | 'update') => { access: RouteAccess };
  tags: string[];
}

/** The app as a TypeBox-typed plugin gets it (params and query typed from the schemas). */
export type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** What each group of routes takes: the resource, its operations, access rules and OpenAPI texts. */
export interface RouteContext<P> {
  app: App;
  decl: ResourceDecl;
  hooks: CrudHooks<P>;
  q: CrudQueries;
  schemas: CrudSchemas;
  ops: CrudOperations;
  rules: ReturnType<typeof accessRules>;
  tags: string[];
  summary: ReturnType<typeof summaries>;
  described: (key: RouteKey) => string | undefined;
}

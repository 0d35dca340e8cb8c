// The declared resources of the test build (support/spa-build.ts puts this module in place of
// contract/resources/index.ts): the real ones plus those of the test tree the browser tests need, as
// their registration lines would add them — the throwaway gadgets, lettings (a money range filter) and
// suppliers given a filter by their optional property (so it offers "None"), as the component tests
// give them one. Plain data: the test's server binds the same declarations. Everything else the
// registry exports is the real one.
import { DECLARED_RESOURCES as REAL } from '../../../contract/resources/index';
import type { ResourceDecl } from '../../../contract/resources/declare';
import { refFilter } from '../../../contract/resources/filters';
import { gadgetResource } from '../../support/throwaway-declaration';
import { lettingResource } from '../../support/letting-declaration';
import { supplierResource } from '../../support/supplier-declaration';

export * from '../../../contract/resources/index';

/** Suppliers with a filter by their optional property. */
export const filteredSupplierResource = {
  ...supplierResource,
  list: { ...supplierResource.list, filters: [refFilter('property')] },
};

export const DECLARED_RESOURCES: readonly ResourceDecl[] = [
  ...REAL,
  gadgetResource,
  lettingResource,
  filteredSupplierResource,
];

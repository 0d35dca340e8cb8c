// The declared resources of the test build (support/spa-build.ts puts this module in place of
// contract/resources/index.ts): the real ones plus the throwaway gadgets, as its one line in the
// registry would add it. Everything else the registry exports is the real one.
import { DECLARED_RESOURCES as REAL } from '../../../contract/resources/index';
import type { ResourceDecl } from '../../../contract/resources/declare';
import { gadgetResource } from '../../support/throwaway-declaration';

export * from '../../../contract/resources/index';
export const DECLARED_RESOURCES: readonly ResourceDecl[] = [...REAL, gadgetResource];

// The declared resources of the file field's test build (support/spa-build.ts puts this module in place
// of contract/resources/index.ts): the real ones plus the test tree's "policies", whose certificate and
// photo are file fields (docs/resources.md "Files"). Everything else the registry exports is the real one.
import { DECLARED_RESOURCES as REAL } from '../../../contract/resources/index';
import type { ResourceDecl } from '../../../contract/resources/declare';
import { policyResource } from '../../support/policy-declaration';

export * from '../../../contract/resources/index';

export const DECLARED_RESOURCES: readonly ResourceDecl[] = [...REAL, policyResource];

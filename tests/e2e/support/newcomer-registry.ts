// The declared resources of the newcomer test's build (support/spa-build.ts puts this module in place
// of contract/resources/index.ts): the real ones plus README's contractors and a global inspection
// type, each added as its one registration line would add it — unless the registry declares it already
// (tests/support/fixture-registry.ts: a newcomer's real contractors is then the one tested). Everything
// else is the real registry's.
import { DECLARED_RESOURCES as REAL } from '../../../contract/resources/index';
import type { ResourceDecl } from '../../../contract/resources/declare';
import { contractorResource } from '../../support/contractor-declaration';
import { inspectionTypeResource } from '../../support/inspection-type-declaration';
import { withFixtures } from '../../support/fixture-registry';

export * from '../../../contract/resources/index';
export const DECLARED_RESOURCES: readonly ResourceDecl[] = withFixtures(
  REAL,
  contractorResource,
  inspectionTypeResource,
);

// The reports API under /api/v1 (README "Reports"): the report list and the built-in data endpoint.
// Management (/reports/manage) is a declared resource (./manage.ts, served with the other resources).
// One Power BI client per app, so its Azure AD token cache is shared by every request.
import type { FastifyInstance } from 'fastify';
import { createPowerBiClient } from './providers/powerbi';
import listRoute from './listRoute';
import dataRoute from './dataRoute';
import occupancyRoutes from '../occupancy/routes';

export default async function reportRoutes(app: FastifyInstance): Promise<void> {
  const powerbi = createPowerBiClient(app.config.powerbi, app.log);
  await app.register(listRoute, { powerbi });
  await app.register(dataRoute);
  // Occupancy and voids from the units' status periods (docs/resources.md "Occupancy").
  await app.register(occupancyRoutes);
}

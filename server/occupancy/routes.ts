// GET /reports/occupancy, /reports/occupancy/series and /reports/voids (docs/resources.md "Occupancy"):
// the X-Tenant company's occupancy as at a day, month by month, and its void periods. The same access
// as the Reports page (reports.access or reports.*); the units counted are the company's own, by the
// periods' and units' company, never by anything the caller sends.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireArea, requireTenant } from '../auth/guard';
import { invalid } from '../errors';
import { errorResponses } from '../http/schemas';
import { firstOfMonth, isDay, todayUtc } from '../../contract/dates';
import { SERIES_POINTS_MAX } from '../../contract/occupancy';
import { OCCUPANCY_MSG } from './messages';
import { firstDay, occupancyAt, occupancyOn, voidsBetween } from './queries';

const Day = (description: string) => Type.Optional(Type.String({ maxLength: 32, description }));
const Count = Type.Integer({ minimum: 0 });
const Counts = {
  units: Count,
  let: Count,
  void: Count,
  not_lettable: Count,
  occupancy_pct: Type.Union([Type.Number(), Type.Null()], {
    description: 'let ÷ (units − not lettable), in percent to one decimal; null when that is no unit',
  }),
};
const OccupancyResponse = Type.Object({
  data: Type.Object({
    as_at: Type.String({ format: 'date' }),
    totals: Type.Object(Counts),
    properties: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), ...Counts })),
  }),
});
const SeriesResponse = Type.Object({
  data: Type.Object({
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    step: Type.Literal('month'),
    points: Type.Array(Type.Object({ as_at: Type.String({ format: 'date' }), ...Counts })),
  }),
});
const VoidsResponse = Type.Object({
  data: Type.Object({
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    periods: Count,
    average_days: Type.Union([Type.Number(), Type.Null()]),
    longest_days: Count,
    void_days: Count,
    units: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        property: Type.String(),
        void_days: Count,
        current_void_since: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
      }),
    ),
  }),
});

const ACCESS = 'Needs reports.access or reports.* (super_admin: always) and X-Tenant.';

/** `value` (or `fallback` when absent) as a day not in the future, else a 422 naming `field`. */
function dayOf(field: string, value: string | undefined, fallback: string): string {
  const day = value?.trim() || fallback;
  if (!isDay(day)) throw invalid({ [field]: [OCCUPANCY_MSG.notADate(field)] });
  if (day > todayUtc()) throw invalid({ [field]: [OCCUPANCY_MSG.future(field)] });
  return day;
}

function range(q: { from?: string; to?: string }, defaultFrom: string): { from: string; to: string } {
  const to = dayOf('to', q.to, todayUtc());
  const from = dayOf('from', q.from, defaultFrom);
  if (to < from) throw invalid({ to: [OCCUPANCY_MSG.toBeforeFrom] });
  return { from, to };
}

/** The first of each month from `from` to `to`, both included. */
function monthStarts(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from.endsWith('-01') ? from : firstOfMonth(from, 1); d <= to; d = firstOfMonth(d, 1)) {
    days.push(d);
    if (days.length > SERIES_POINTS_MAX) break;
  }
  return days;
}

const occupancyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/reports/occupancy',
    {
      schema: {
        tags: ['reports'],
        summary: 'Occupancy as at a day, in all and per property',
        description: `${ACCESS} A unit counts as let, void (Available, Under Offer) or not lettable (Maintenance) by its status that day; occupancy % = let ÷ (units − not lettable). A day in the future or before the company's first unit answers 422.`,
        querystring: Type.Object({ as_at: Day('YYYY-MM-DD; today when absent') }),
        response: { 200: OccupancyResponse, ...errorResponses },
      },
    },
    async (request) => {
      requireArea(request, 'reports');
      const companyId = requireTenant(request);
      const asAt = dayOf('as_at', request.query.as_at, todayUtc());
      const first = await firstDay(app.db, companyId);
      if (first && asAt < first) throw invalid({ as_at: [OCCUPANCY_MSG.beforeFirstUnit('as_at', first)] });
      return { data: await occupancyAt(app.db, companyId, asAt) };
    },
  );

  app.get(
    '/reports/occupancy/series',
    {
      schema: {
        tags: ['reports'],
        summary: 'Occupancy totals on the first of each month of a range',
        description: `${ACCESS} At most ${SERIES_POINTS_MAX} points (else 422); from defaults to 11 months before to, to to today. A month before the company's first unit counts no unit.`,
        querystring: Type.Object({
          from: Day('YYYY-MM-DD'),
          to: Day('YYYY-MM-DD; today when absent'),
          step: Type.Optional(Type.Literal('month', { description: 'Only month' })),
        }),
        response: { 200: SeriesResponse, ...errorResponses },
      },
    },
    async (request) => {
      requireArea(request, 'reports');
      const companyId = requireTenant(request);
      const to = dayOf('to', request.query.to, todayUtc());
      const { from } = range(request.query, firstOfMonth(to, -11));
      const days = monthStarts(from, to);
      if (days.length > SERIES_POINTS_MAX) {
        let points = 0;
        for (let d = days[0]; d <= to; d = firstOfMonth(d, 1)) points++;
        throw invalid({ from: [OCCUPANCY_MSG.tooManyPoints(points)] });
      }
      return { data: { from, to, step: 'month' as const, points: await occupancyOn(app.db, companyId, days) } };
    },
  );

  app.get(
    '/reports/voids',
    {
      schema: {
        tags: ['reports'],
        summary: 'Void periods overlapping a range, and each unit’s void days in it',
        description: `${ACCESS} A void period is a run of days a unit is Available or Under Offer; its days inside the range (up to today) are counted. Units most void days first (order=asc: fewest first); current_void_since is the start of a unit's run when it is void today. from defaults to 12 months before to.`,
        querystring: Type.Object({
          from: Day('YYYY-MM-DD'),
          to: Day('YYYY-MM-DD; today when absent'),
          order: Type.Optional(Type.Union([Type.Literal('desc'), Type.Literal('asc')])),
        }),
        response: { 200: VoidsResponse, ...errorResponses },
      },
    },
    async (request) => {
      requireArea(request, 'reports');
      const companyId = requireTenant(request);
      const to = dayOf('to', request.query.to, todayUtc());
      const { from } = range(request.query, firstOfMonth(to, -12));
      return { data: await voidsBetween(app.db, companyId, from, to, request.query.order) };
    },
  );
};

export default occupancyRoutes;

// TypeBox schemas of the reports API: request validation (422 on failure) and response
// serialisation, published at /api/docs.
import { Type } from 'typebox';

export { ErrorBody } from '../http/schemas';

const Provider = Type.Union([Type.Literal('builtin'), Type.Literal('powerbi')], {
  description: 'builtin: charts served by Olympus; powerbi: an embedded Power BI report',
});
const Id = Type.String({ description: 'Report id (uuid)' });
export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const ReportEntry = Type.Object({
  id: Id,
  name: Type.String(),
  provider: Provider,
  url: Type.String({ description: 'builtin: the data endpoint; powerbi: the embedUrl. Empty when `error` is set.' }),
  token: Type.String({
    description:
      'builtin: a 10-minute report token for the data endpoint; powerbi: an embed token. Empty when `error` is set.',
  }),
  expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the token expires',
  }),
  error: Type.Optional(Type.String({ description: 'Why this report cannot be shown now; the others are unaffected' })),
});
export const ReportsResponse = Type.Object({ data: Type.Object({ urls: Type.Array(ReportEntry) }) });

const Count = Type.Integer({ minimum: 0 });
const BarChart = Type.Object({
  id: Type.String(),
  type: Type.Literal('bar'),
  title: Type.String(),
  stacked: Type.Boolean(),
  categories: Type.Array(Type.String()),
  series: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), data: Type.Array(Count) })),
});
const PieChart = Type.Object({
  id: Type.String(),
  type: Type.Literal('pie'),
  title: Type.String(),
  slices: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), value: Count })),
});
export const PortfolioResponse = Type.Object({
  data: Type.Object({
    title: Type.String(),
    company: Type.Object({ id: Type.String(), name: Type.String() }),
    generated_at: Type.String({ format: 'date-time' }),
    totals: Type.Object({
      properties: Count,
      units: Count,
      let_units: Count,
      occupancy: Type.Union([Type.Number(), Type.Null()], {
        description: 'Let units / all units, in percent; null without units',
      }),
    }),
    charts: Type.Array(Type.Union([BarChart, PieChart])),
  }),
});

// The headline totals above the charts: properties, units, let units and occupancy (let / all units).
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { PortfolioTotals } from '../types';

interface TileProps {
  label: string;
  value: string;
  help?: string;
  progress?: number | null;
}

function Tile({ label, value, help, progress }: TileProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography
          variant="overline"
          color="text.secondary"
          component="p"
          sx={{ lineHeight: 1.6, letterSpacing: 0.6 }}
        >
          {label}
        </Typography>
        <Typography
          component="p"
          variant="h4"
          sx={{ fontWeight: 700, color: 'primary.main', fontVariantNumeric: 'tabular-nums' }}
        >
          {value}
        </Typography>
        {progress !== undefined && (
          <LinearProgress
            variant="determinate"
            value={progress ?? 0}
            aria-hidden
            sx={{
              mt: 1,
              height: 6,
              borderRadius: 3,
              bgcolor: 'grey.200',
              '& .MuiLinearProgress-bar': { bgcolor: 'success.main', borderRadius: 3 },
            }}
          />
        )}
        {help && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {help}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export interface KpiTilesProps {
  totals: PortfolioTotals;
  /** How many cities the properties are in, when known. */
  cities?: number;
}

export function KpiTiles({ totals, cities }: KpiTilesProps) {
  const translate = useTranslate();
  const number = new Intl.NumberFormat();
  const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
  const occupancy =
    totals.occupancy === null ? translate('olympus.reports.totals.not_available') : `${totals.occupancy.toFixed(1)}%`;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
      <Tile
        label={translate('olympus.reports.totals.properties')}
        value={number.format(totals.properties)}
        help={cities ? translate('olympus.reports.totals.cities', { smart_count: cities }) : undefined}
      />
      <Tile
        label={translate('olympus.reports.totals.units')}
        value={number.format(totals.units)}
        help={
          totals.properties
            ? translate('olympus.reports.totals.per_property', {
                average: decimal.format(totals.units / totals.properties),
              })
            : undefined
        }
      />
      <Tile
        label={translate('olympus.reports.totals.let_units')}
        value={number.format(totals.let_units)}
        help={
          totals.units
            ? translate('olympus.reports.totals.not_let', { smart_count: totals.units - totals.let_units })
            : undefined
        }
      />
      <Tile
        label={translate('olympus.reports.totals.occupancy')}
        value={occupancy}
        progress={totals.occupancy}
        help={translate('olympus.reports.totals.occupancy_help')}
      />
    </Box>
  );
}

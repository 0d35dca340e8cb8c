// The property edit screen: the "Units" table — Unit Name (unit_ref), Type (unit_type), Status
// (unit_status), an Edit link to /dashboard/unit/{id}/edit. The rows come with the property: at most
// UNPAGED_LIST_MAX of them (contract/lists.ts), with a note when the property has more.
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RecordTable, rowKey, text } from '../../src/forms/RecordTable';

export function PropertyUnits({ units, total }: { units: unknown; total?: unknown }) {
  const translate = useTranslate();
  const shown = Array.isArray(units) ? units.length : 0;
  const more = typeof total === 'number' && total > shown;
  return (
    <>
      <RecordTable
        title={translate('olympus.forms.property.units')}
        rows={units}
        columns={[
          { header: translate('olympus.forms.property.unit_name'), value: (u) => text(u.unit_ref) },
          { header: translate('olympus.forms.property.type'), value: (u) => text(u.unit_type) },
          { header: translate('olympus.forms.property.status'), value: (u) => text(u.unit_status) },
        ]}
        editPath={(u) => `/dashboard/unit/${encodeURIComponent(rowKey(u))}/edit`}
        empty={translate('olympus.forms.property.no_units')}
      />
      {more && (
        <Typography role="note" color="text.secondary" sx={{ mt: 1 }}>
          {translate('olympus.forms.property.units_truncated', { shown, total })}
        </Typography>
      )}
    </>
  );
}

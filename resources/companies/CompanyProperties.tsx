// SPEC §2 company edit: the "Properties" table — Property Name, city and postcode, an Edit link to
// /dashboard/property/{id}/edit. The rows come with the company (GET /companies/{id}/edit).
import { useTranslate } from 'react-admin';
import { RecordTable, rowKey, text } from '../../src/forms/RecordTable';

export function CompanyProperties({ properties }: { properties: unknown }) {
  const translate = useTranslate();
  return (
    <RecordTable
      title={translate('olympus.forms.company.properties')}
      rows={properties}
      columns={[
        { header: translate('olympus.forms.company.property_name'), value: (p) => text(p.name) },
        { header: translate('olympus.forms.company.city'), value: (p) => text(p.city) },
        { header: translate('olympus.forms.company.postcode'), value: (p) => text(p.postcode) },
      ]}
      editPath={(p) => `/dashboard/property/${encodeURIComponent(rowKey(p))}/edit`}
      empty={translate('olympus.forms.company.no_properties')}
    />
  );
}

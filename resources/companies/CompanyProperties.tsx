// The company edit screen: the "Properties" table — Property Name, city and postcode, an Edit link to
// /dashboard/property/{id}/edit. The rows come with the company (GET /companies/{id}/edit).
// A property is edited within its company (X-Tenant): when the edited company is not the current one,
// following the link first makes it current, and like any company change reloads the page.
import type { MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { authStore } from '../../providers/store';
import { RecordTable, rowKey, text } from '../../src/forms/RecordTable';

export interface CompanyRef {
  id: string;
  name: string;
}

/** Makes `company` the current company, then opens `path` anew; a link within it navigates as usual. */
export function openInCompany(
  company: CompanyRef,
  event: Pick<MouseEvent, 'preventDefault'>,
  path: string,
  load = (to: string) => window.location.assign(to),
): void {
  if (authStore.get().currentCompany === company.id) return;
  event.preventDefault();
  authStore.set({ currentCompany: company.id, currentCompanyName: company.name });
  load(path);
}

export function CompanyProperties({ properties, company }: { properties: unknown; company: CompanyRef }) {
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
      onEdit={(event, path) => openInCompany(company, event, path)}
      empty={translate('olympus.forms.company.no_properties')}
    />
  );
}

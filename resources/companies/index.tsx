// Companies (the list, create and edit screens at /dashboard/company…), generated from
// contract/resources/companies.ts (docs/resources.md) with what they do beyond the generic: the list's
// columns Company name, Address and Edit only; a name required before sending; under the edit form the
// company's integrations (links to their edit screens) and its Properties table.
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import { companyResource, type CompanyRecord } from '../../contract/resources/companies';
import { shortAddress } from '../../src/lists';
import { declaredResource } from '../../src/declared/declared';
import { fieldKey } from '../../src/declared/texts';
import { lazyScreen } from '../../src/declared/lazyScreen';

// Under the edit form, which loads when first opened: loaded with it, not with the list (docs/speed.md).
const CompanyIntegrations = lazyScreen(() => import('./CompanyIntegrations').then((m) => m.CompanyIntegrations));
const CompanyProperties = lazyScreen(() => import('./CompanyProperties').then((m) => m.CompanyProperties));

export default declaredResource<CompanyRecord>(companyResource, {
  icon: BusinessOutlined,
  columns: ([name]) => [name, { label: fieldKey('company', 'address'), value: shortAddress }],
  rowActions: ['edit'],
  needsName: true,
  editBelow: (data) => {
    const id = String(data.id);
    return (
      <>
        <CompanyIntegrations companyId={id} />
        <CompanyProperties
          properties={data.properties}
          company={{ id, name: typeof data.name === 'string' ? data.name : '' }}
        />
      </>
    );
  },
});

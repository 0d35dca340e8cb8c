// Properties (the list, create and edit screens at /dashboard/property…), generated from
// contract/resources/properties.ts (docs/resources.md) with what they do beyond the generic: the list's
// columns Name, Company, Address and Edit only; a name required before sending; the edit's Units table.
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import { propertyResource, type PropertyRecord } from '../../contract/resources/properties';
import { shortAddress } from '../../src/lists';
import { declaredResource } from '../../src/declared/declared';
import { fieldKey } from '../../src/declared/texts';
import { lazyScreen } from '../../src/declared/lazyScreen';

// Under the edit form, which loads when first opened: loaded with it, not with the list (docs/speed.md).
const PropertyUnits = lazyScreen(() => import('./PropertyUnits').then((m) => m.PropertyUnits));

export default declaredResource<PropertyRecord>(propertyResource, {
  icon: ApartmentOutlined,
  columns: ([name, company]) => [name, company, { label: fieldKey('property', 'address'), value: shortAddress }],
  rowActions: ['edit'],
  needsName: true,
  editBelow: (data) => <PropertyUnits units={data.units} total={data.units_total} />,
});

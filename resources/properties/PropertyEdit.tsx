// SPEC §2 PropertyEdit at /dashboard/property/{propertyId}/edit: the form plus its Units table.
import { EditRoute } from '../../src/forms/EditRoute';
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { PropertyUnits } from './PropertyUnits';
import { propertyForm } from './propertyForm';

export default function PropertyEdit() {
  return <EditRoute>{(id) => <ResourceFormPage key={id} config={propertyForm} id={id} below={(data) => <PropertyUnits units={data.units} total={data.units_total} />} />}</EditRoute>;
}

// SPEC §2 UnitEdit at /dashboard/unit/{unitId}/edit: the server's unit form, prefilled.
import { EditRoute } from '../../src/forms/EditRoute';
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { unitForm } from './unitForm';

export default function UnitEdit() {
  return <EditRoute>{(id) => <ResourceFormPage key={id} config={unitForm} id={id} />}</EditRoute>;
}

// SPEC §2 UnitCreate at /dashboard/unit/create: the server's unit form.
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { unitForm } from './unitForm';

export default function UnitCreate() {
  return <ResourceFormPage config={unitForm} />;
}

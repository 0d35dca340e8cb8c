// SPEC §2 PropertyCreate at /dashboard/property/create: the server's property form.
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { propertyForm } from './propertyForm';

export default function PropertyCreate() {
  return <ResourceFormPage config={propertyForm} />;
}

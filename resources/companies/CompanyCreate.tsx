// SPEC §2 CompanyCreate at /dashboard/company/create: the server's company form.
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { companyForm } from './companyForm';

export default function CompanyCreate() {
  return <ResourceFormPage config={companyForm} />;
}

// SPEC §2 CompanyEdit at /dashboard/company/{companyId}/edit: the form, the company's integrations
// (links to their edit screens), and its Properties table.
import { EditRoute } from '../../src/forms/EditRoute';
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { CompanyIntegrations } from './CompanyIntegrations';
import { CompanyProperties } from './CompanyProperties';
import { companyForm } from './companyForm';

export default function CompanyEdit() {
  return (
    <EditRoute>
      {(id) => (
        <ResourceFormPage
          key={id}
          config={companyForm}
          id={id}
          below={(data) => (
            <>
              <CompanyIntegrations companyId={id} />
              <CompanyProperties properties={data.properties} company={{ id, name: typeof data.name === 'string' ? data.name : '' }} />
            </>
          )}
        />
      )}
    </EditRoute>
  );
}

// Report management (/dashboard/report…), generated from contract/resources/reports.ts
// (docs/resources.md): reached from the Reports page's "Manage reports" (no menu item of its own), so
// its list leads back there (its area's page, derived) and shares the Reports icon.
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { reportResource, type ReportRecord } from '../../contract/resources/reports';
import { declaredResource } from '../../src/declared/declared';

export default declaredResource<ReportRecord>(reportResource, {
  icon: AssessmentOutlined,
});

// What the compliance screen and the dashboard panel share: who may read compliance, each status's chip (the
// certificate list's words and tones, with `missing` beside them) and where each status and cell leads.
import { useTranslate } from 'ra-core';
import { areaByKey, mayOpenArea, type Viewer } from '../../../contract/access';
import type { CertificateType, PairStatus } from '../../../contract/compliance';
import type { ChoiceField, ChoiceTone } from '../../../contract/resources/declare';
import { certificateResource } from '../../../contract/resources/certificates';
import { hasPermission, SUPER_ADMIN } from '../../../contract/roles';
import { ChoiceChip } from '../../declared/ChoiceChip';
import { choiceKey } from '../../declared/texts';

const SPA = certificateResource.spa;
const statusField = certificateResource.fields.status as ChoiceField;

/** The permission both compliance calls need (server/compliance/routes.ts). */
export const COMPLIANCE_READ = 'compliance.view';

/** May this viewer read the company's compliance (the area's rules, then compliance.view; super_admin always)? */
export function mayReadCompliance(viewer: Viewer): boolean {
  if (!viewer.role || !mayOpenArea(areaByKey('compliance'), viewer)) return false;
  return viewer.role === SUPER_ADMIN || hasPermission(viewer.permissions, COMPLIANCE_READ);
}

/** The statuses in the order the screen shows them: what needs doing first. */
export const SHOWN_STATUSES: readonly PairStatus[] = ['expired', 'due', 'missing', 'unproven', 'valid'];

/** A missing pair has no certificate, so no declared tone: it reads as a problem, like expired. */
const toneOf = (status: PairStatus): ChoiceTone =>
  status === 'missing' ? 'error' : (statusField.tones?.[status] ?? 'default');

/** The status's word: the declaration's for a certificate's, the catalogue's `missing`. */
export function useStatusWord(): (status: PairStatus) => string {
  const translate = useTranslate();
  return (status) =>
    status === 'missing'
      ? translate('olympus.compliance.missing')
      : translate(choiceKey(SPA, 'status', status), { _: status });
}

export function useTypeLabel(): (type: CertificateType) => string {
  const translate = useTranslate();
  return (type) => translate(choiceKey(SPA, 'type', type), { _: type });
}

/** A pair's status as a chip: its word on a tint of its tone, never colour alone. */
export function PairChip({ status }: { status: PairStatus }) {
  const word = useStatusWord();
  return <ChoiceChip spa={SPA} field="status" value={status} tone={toneOf(status)} label={word(status)} />;
}

/** The certificate list filtered by a status; `missing` has no certificate, so the matrix filtered to it. */
export const statusPath = (status: PairStatus): string =>
  status === 'missing' ? '/dashboard/compliance?status=missing' : `/dashboard/${SPA}?status=${status}`;

/** A cell's target: its certificate's edit screen, or a new certificate of that property and type. */
export const cellPath = (cell: { certificate_id: string | null; type: string }, propertyId: string): string =>
  cell.certificate_id
    ? `/dashboard/${SPA}/${encodeURIComponent(cell.certificate_id)}/edit`
    : `/dashboard/${SPA}/create?source=${encodeURIComponent(JSON.stringify({ property_id: propertyId, type: cell.type }))}`;

// The demo certificates (contract/compliance.ts): for each demo property's required types a certificate most of
// the time — mostly valid with its evidence, some due, some expired, some in date without evidence (unproven) — and
// now and then none (missing), so a new user sees every status at once. Its own generator, so the rest of the demo
// data stays as it is; the evidence is a one-page PDF per certificate, attached as an upload would be.
import { createHash, randomUUID } from 'node:crypto';
import { addDays, todayUtc } from '../../contract/dates';
import { addMonths, CERTIFICATE_TYPES, warnDaysOf, type CertificateType } from '../../contract/compliance';
import { certificateResource } from '../../contract/resources/certificates';
import type { Tx } from './conn';
import { certificates } from './declaredTables';
import { uploadContents, uploads } from './uploadTables';

/** mulberry32, as the seed's own. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SeedOutcome = 'missing' | 'expired' | 'due' | 'unproven' | 'valid';

export interface SeedCertificate {
  type: CertificateType;
  issuedOn: string;
  expiresOn: string;
  evidence: boolean;
}

/** The demo's plan for one property's required types: a certificate per type, or none (missing). */
export function certificatePlanner(seed = 20_251_128) {
  const next = generator(seed);
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** `first`: outcomes the first types take, in order (each company shows every one), the rest drawn. */
  return function plan(
    required: readonly CertificateType[],
    today = todayUtc(),
    first: SeedOutcome[] = [],
  ): SeedCertificate[] {
    const out: SeedCertificate[] = [];
    for (const type of required) {
      const r = next();
      const outcome: SeedOutcome =
        first.shift() ??
        (r < 0.08 ? 'missing' : r < 0.18 ? 'expired' : r < 0.3 ? 'due' : r < 0.42 ? 'unproven' : 'valid');
      if (outcome === 'missing') continue;
      const months = CERTIFICATE_TYPES[type].months;
      const warn = warnDaysOf(type);
      // Days until expiry: past for an expired one, within the warning window for a due one, beyond it otherwise
      // (never so far that the issue date would be in the future).
      const days =
        outcome === 'expired'
          ? -between(1, 120)
          : outcome === 'due'
            ? between(0, warn)
            : between(warn + 1, Math.max(warn + 1, months * 28));
      const expiresOn = addDays(today, days);
      out.push({ type, issuedOn: addMonths(expiresOn, -months), expiresOn, evidence: outcome !== 'unproven' });
    }
    return out;
  };
}

/** A one-page PDF standing for the scanned certificate. */
const evidencePdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** Inserts the planned certificates of each property, each one's evidence attached. */
export async function seedCertificates(
  tx: Tx,
  props: readonly { id: string; companyId: string; reference: string | null; required: readonly CertificateType[] }[],
  uploadedBy: string,
): Promise<void> {
  const plan = certificatePlanner();
  // Each company's first pairs are one of each outcome, so every company's demo shows them all.
  const firsts = new Map<string, SeedOutcome[]>();
  for (const p of props) {
    if (!firsts.has(p.companyId)) firsts.set(p.companyId, ['expired', 'due', 'unproven', 'missing', 'valid']);
    for (const c of plan(p.required, todayUtc(), firsts.get(p.companyId))) {
      // Made here so its evidence is attached to it from the start.
      const id = randomUUID();
      let evidence: string | null = null;
      if (c.evidence) {
        const name = `${p.reference ?? 'property'}-${c.type}.pdf`;
        const bytes = evidencePdf(`${CERTIFICATE_TYPES[c.type].label}, ${name}`);
        const [u] = await tx
          .insert(uploads)
          .values({
            name,
            size: bytes.length,
            contentType: 'application/pdf',
            sha256: createHash('sha256').update(bytes).digest('hex'),
            uploadedBy,
            resource: certificateResource.name,
            recordId: id,
            field: 'evidence',
            attachedAt: new Date(),
          })
          .returning({ id: uploads.id });
        await tx.insert(uploadContents).values({ uploadId: u.id, bytes });
        evidence = u.id;
      }
      await tx.insert(certificates).values({
        id,
        companyId: p.companyId,
        propertyId: p.id,
        type: c.type,
        issuedOn: c.issuedOn,
        expiresOn: c.expiresOn,
        reference: `${p.reference ?? ''}-${c.type.toUpperCase()}`,
        evidence,
      });
    }
  }
}

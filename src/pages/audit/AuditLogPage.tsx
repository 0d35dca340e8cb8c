// The audit log (/dashboard/audit; super admins, and holders of audit.view for their companies): one
// row per event — time, person, company, action, record (linked to its edit screen while it exists),
// address — filtered by person, company, resource, action and dates, searched, paged with ?page, each
// row expanding to its changes; the CSV holds the filtered rows. It is the shared list screen
// (src/lists/ListScreen.tsx) over GET /api/v1/audit, always paged by the API (the log is too long for
// the browser, and `count=capped` keeps a page of a million rows fast: bench/RESULTS.md).
import { Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ResourceContextProvider, useBasename, useTranslate } from 'ra-core';
import { AUDIT_PATH } from '../../../contract/audit';
import { COUNT_CAPPED, COUNT_PARAM } from '../../../contract/lists';
import { ListScreen, useIsPhone, type ListColumn, type ListRowActions } from '../../lists';
import { editPath } from '../../lists/paths';
import { fieldKey } from '../../declared/texts';
import { AuditChanges, CardChanges, ChangesToggle } from './AuditDetails';
import { changesText, detailText, personText, recordText, spaOf, timeText, type AuditRecord } from './auditText';

const f = (key: string) => fieldKey(AUDIT_PATH, key);

function Time({ at }: { at: string }) {
  return (
    <Typography variant="body2" component="time" dateTime={at} sx={{ whiteSpace: 'nowrap' }}>
      {timeText(at)}
    </Typography>
  );
}

function Person({ r }: { r: AuditRecord }) {
  const translate = useTranslate();
  if (!r.actor || !r.actor.email) return <span>{personText(r, translate)}</span>;
  return (
    <>
      <span>{personText(r, translate)}</span>
      <Typography
        variant="body2"
        color="text.secondary"
        component="span"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {r.actor.email}
      </Typography>
    </>
  );
}

/** The record, linked to its edit screen when it is a declared resource's and still exists. */
function RecordCell({ r }: { r: AuditRecord }) {
  const basename = useBasename();
  const spa = spaOf(r.resource);
  const text = recordText(r);
  if (!text) return null;
  if (!spa || r.record_label === null || !r.entity_id) return <span style={{ overflowWrap: 'anywhere' }}>{text}</span>;
  return (
    <MuiLink component={Link} to={editPath(basename, spa, r.entity_id)} sx={{ overflowWrap: 'anywhere' }}>
      {text}
    </MuiLink>
  );
}

function useColumns(): ListColumn<AuditRecord>[] {
  const translate = useTranslate();
  return [
    { label: f('at'), value: (r) => r.at, render: (r) => <Time at={r.at} />, sortable: false, card: 'title' },
    {
      label: f('actor'),
      value: (r) => (r.actor?.email ? `${personText(r, translate)} <${r.actor.email}>` : personText(r, translate)),
      render: (r) => <Person r={r} />,
      sortable: false,
      keepEmpty: true,
    },
    { label: f('company'), value: (r) => r.company?.name ?? '', sortable: false },
    {
      label: f('action'),
      value: (r) => r.action,
      render: (r) => (
        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {r.action}
        </Typography>
      ),
      sortable: false,
    },
    { label: f('record'), value: (r) => recordText(r), render: (r) => <RecordCell r={r} />, sortable: false },
    { label: f('ip'), value: (r) => r.ip ?? '', sortable: false },
    { label: 'olympus.audit.csv_changes', value: (r) => changesText(r, translate), csvOnly: true },
    { label: 'olympus.audit.csv_detail', value: (r) => detailText(r, translate), csvOnly: true },
  ];
}

/** The row's expansion: the table's expanded row, or inside a phone's card. */
function Expansion() {
  return useIsPhone() ? <CardChanges /> : <AuditChanges />;
}

const EXPANSION = <Expansion />;
const ROW_ACTIONS: ListRowActions = { label: 'olympus.audit.changes', align: 'right', element: <ChangesToggle /> };
/** Every page's total counted only up to 1 000 rows past it (contract/lists.ts COUNT_CAP): "of more than N". */
const META = { query: { [COUNT_PARAM]: COUNT_CAPPED } };

export default function AuditLogPage() {
  const columns = useColumns();
  return (
    <ResourceContextProvider value={AUDIT_PATH}>
      <ListScreen<AuditRecord>
        title="olympus.audit.title"
        searchPlaceholder="olympus.audit.search"
        columns={columns}
        csvFilename="audit-log"
        expand={EXPANSION}
        rowActions={ROW_ACTIONS}
        serverPaged
        meta={META}
      />
    </ResourceContextProvider>
  );
}

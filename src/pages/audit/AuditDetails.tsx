// One audit row's expansion: the changed fields (their labels from the declaration when the record is
// a declared resource's) before → after, secrets only as "changed", and the row's details. In the
// table it is the row's expansion; on a phone, inside the card; "Show changes" opens either.
import { Box, Button, Collapse, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useExpanded, useRecordContext, useTranslate } from 'ra-core';
import { AUDIT_PATH, type AuditRow } from '../../../contract/audit';
import { fieldLabel, isSecretChange, valueText } from './auditText';

const WRAP = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

export function AuditChanges() {
  const r = useRecordContext<AuditRow>();
  const translate = useTranslate();
  if (!r) return null;
  const changes = Object.entries(r.changes ?? {});
  const detail = Object.entries(r.detail ?? {});
  return (
    <Box sx={{ py: 1 }}>
      {changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('olympus.audit.no_changes')}
        </Typography>
      ) : (
        <Table
          size="small"
          aria-label={translate('olympus.audit.changes')}
          sx={{ tableLayout: 'fixed', width: '100%' }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('olympus.audit.field')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('olympus.audit.before')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('olympus.audit.after')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map(([field, c]) => (
              <TableRow key={field}>
                <TableCell component="th" scope="row" sx={WRAP}>
                  {fieldLabel(r, field, translate)}
                </TableCell>
                {isSecretChange(c) ? (
                  <TableCell colSpan={2} sx={{ fontStyle: 'italic' }}>
                    {translate('olympus.audit.secret_changed')}
                  </TableCell>
                ) : (
                  <>
                    <TableCell sx={WRAP}>{valueText(c.before, translate)}</TableCell>
                    <TableCell sx={WRAP}>{valueText(c.after, translate)}</TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {detail.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2" component="h3">
            {translate('olympus.audit.details')}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mt: 0.5,
            }}
          >
            {detail.map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {k}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, ...WRAP }}>
                  {valueText(v, translate)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The id of a row's expansion: react-admin's DataTable names its expand row so; the phone's card uses the same. */
export const expansionId = (id: string | number) => `${AUDIT_PATH}-${id}-expand`;

/**
 * "Show changes" / "Hide changes": the row's own button (the table's last column, a card's foot),
 * reachable by keyboard and telling its state (the table's expand icon is neither), toggling the
 * same expansion react-admin's DataTable keeps.
 */
export function ChangesToggle() {
  const r = useRecordContext<AuditRow>();
  const translate = useTranslate();
  const [open, toggle] = useExpanded(AUDIT_PATH, r?.id ?? '');
  if (!r) return null;
  return (
    <Button
      size="small"
      onClick={toggle}
      aria-expanded={open}
      aria-controls={expansionId(r.id)}
      endIcon={<ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(open ? 'olympus.audit.hide_changes' : 'olympus.audit.show_changes')}
    </Button>
  );
}

/** The phone's card: the changes once its button opened them. */
export function CardChanges() {
  const r = useRecordContext<AuditRow>();
  const [open] = useExpanded(AUDIT_PATH, r?.id ?? '');
  if (!r) return null;
  return (
    <Collapse in={open} id={expansionId(r.id)} unmountOnExit>
      <AuditChanges />
    </Collapse>
  );
}

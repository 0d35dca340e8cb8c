// One entry of the History panel: who did what and when, each changed field with its value before
// and after (a secret only as "changed"), and "Restore this version" unless it is the current one.
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { useTranslate } from 'ra-core';
import type { HistoryEntry } from '../../contract/history';
import { dateTimeText } from '../lists/dateTimeText';
import { valueText } from './changeText';
import { actorName } from '../people/actorName';

export interface HistoryEntryItemProps {
  entry: HistoryEntry;
  /** The time of the entry a restore came from, when it is on the pages shown. */
  restoredWhen?: string;
  onRestore?: (entry: HistoryEntry) => void;
  busy: boolean;
}

export function HistoryEntryItem({ entry, restoredWhen, onRestore, busy }: HistoryEntryItemProps) {
  const translate = useTranslate();
  const when = dateTimeText(entry.at);
  const name = actorName(entry.actor, translate);
  // An event's words: the catalogue's, else its action's verb ("users.sessions_revoked" → "sessions revoked").
  const action = translate(`olympus.history.actions.${entry.action}`, {
    _: entry.action.slice(entry.action.lastIndexOf('.') + 1).replace(/_/g, ' '),
  });
  const headline = translate(`olympus.history.kind.${entry.kind}`, { name, action });
  const restorable = !entry.current && entry.kind !== 'deleted' && entry.changes.length > 0 && onRestore;
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{headline}</Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={entry.at}>{when}</time>
            {entry.restored_from && ` · ${translate('olympus.history.restored_from', { when: restoredWhen ?? '…' })}`}
          </Typography>
        </Box>
        {entry.current ? (
          <Chip size="small" label={translate('olympus.history.current')} />
        ) : (
          restorable && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<RestoreIcon />}
              disabled={busy}
              onClick={() => onRestore(entry)}
              aria-label={translate('olympus.history.restore_named', { when })}
            >
              {translate('olympus.history.restore')}
            </Button>
          )
        )}
      </Stack>
      {entry.changes.length === 0 ? (
        // An event that is not an edit says what it did in its headline; a save that changed nothing says so.
        entry.kind !== 'other' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('olympus.history.no_fields')}
          </Typography>
        )
      ) : (
        <Box
          component="dl"
          aria-label={translate('olympus.history.changes_label', { when })}
          sx={{
            m: 0,
            mt: 1,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' },
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          {entry.changes.map((c) => (
            <Box key={c.field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {c.label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, overflowWrap: 'anywhere' }}
              >
                {c.secret ? (
                  translate('olympus.history.changed_secret')
                ) : entry.kind === 'created' ? (
                  valueText(c, c.after, translate)
                ) : (
                  <>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {valueText(c, c.before, translate)}
                    </Box>
                    {' → '}
                    {valueText(c, c.after, translate)}
                  </>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

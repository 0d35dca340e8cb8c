// A list screen on a phone: the current page as one card per record (react-admin's SimpleList idea),
// drawn from the same column declaration as the table: the title column, the other shown columns as
// label/value lines (a line without a value is left out), and the row's actions inside the record's
// context, so the edit and remove buttons are the table's own, with the same accessible names.
import type { ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'ra-core';
import { ListNoResults } from 'react-admin';
import { cardTitleOf, columnText, columnValue, type ListColumn, type ListRowActions } from './listColumns';
import { ROWS_REPLACING } from './ListProgress';
import { RecordCard, RecordCardList, type CardLine } from './RecordCard';
import { Checkbox } from '@mui/material';
import { useBulkFailures } from './BulkActions';

export interface ListCardsProps<R extends RaRecord> {
  /** Already translated: names the list of cards for screen readers. */
  label: string;
  columns: readonly ListColumn<R>[];
  rowActions?: ListRowActions;
  /** Shown inside each card below its lines, in the record's context (the table's row expansion). */
  expand?: ReactNode;
  /** A checkbox per card: the selection of bulk changes (docs/resources.md "Bulk changes"). */
  selectable?: boolean;
  /** The cards are being replaced by the next ones (./ListProgress.tsx useRowsReplacing): dimmed. */
  replacing?: boolean;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export function ListCards<R extends RaRecord>({
  label,
  columns,
  rowActions,
  expand,
  selectable = false,
  replacing = false,
}: ListCardsProps<R>) {
  const translate = useTranslate();
  const { data, isPending, selectedIds, onToggleItem } = useListContext<R>();
  const failures = useBulkFailures();
  if (isPending || !data) return null;
  if (data.length === 0) return <ListNoResults />;
  const title = cardTitleOf(columns);
  const shown = columns.filter((c) => c !== title && c.card !== 'hidden');
  const cell = (c: ListColumn<R>, record: R) => (c.render ? c.render(record) : columnText(c, record));
  return (
    <RecordCardList label={label} className={replacing ? ROWS_REPLACING : undefined}>
      {data.map((record) => {
        const lines: CardLine[] = shown
          .filter((c) => c.keepEmpty || !(c.value || c.source) || !isEmpty(columnValue(c, record)))
          .map((c) => ({ key: c.label, label: translate(c.label), value: cell(c, record) }));
        return (
          <RecordContextProvider key={record.id} value={record}>
            <RecordCard
              title={title ? cell(title, record) : String(record.id)}
              lines={lines}
              actions={rowActions?.element}
              refused={failures.get(record.id)}
              select={
                selectable ? (
                  <Checkbox
                    size="small"
                    sx={{ p: 0.5, mr: 0.5 }}
                    checked={selectedIds.includes(record.id)}
                    onChange={() => onToggleItem(record.id)}
                    slotProps={{
                      input: {
                        'aria-label': translate('olympus.lists.bulk.select_row', {
                          name: title ? columnText(title, record) || String(record.id) : String(record.id),
                        }),
                      },
                    }}
                  />
                ) : undefined
              }
            >
              {expand}
            </RecordCard>
          </RecordContextProvider>
        );
      })}
    </RecordCardList>
  );
}

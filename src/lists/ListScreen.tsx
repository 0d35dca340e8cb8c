// The shared list screen (users, companies, properties, units, roles): header, search,
// notices, the current page only — a react-admin <DataTable>, or one card per record below 600 px
// (ListCards) — and the paging controls, over a ListContext built by useScreenList (paged in the
// browser, or by the API past CLIENT_LIST_MAX). A resource's list passes its texts, its columns once as
// data (listColumns.ts: table, cards and CSV all come from them) and its row actions; what the search
// box matches is the resource's LIST_SEARCH_FIELDS (contract/lists.ts), and its declared filters show
// under the search box (ListFilters). See
// src/declared/declared.tsx for a generated one.
import { useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { Box, Card, CardContent, Stack, type SxProps, type Theme } from '@mui/material';
import { ListContextProvider, useTranslate, type RaRecord } from 'ra-core';
import { DataTable, ExportButton, ListNoResults } from 'react-admin';
import { useCsvExporter } from './csvExport';
import { columnText, csvColumnsOf, shownColumns, type ListColumn, type ListRowActions } from './listColumns';
import { ListCards } from './ListCards';
import { COMPACT_ROWS_SX, CompactRows, ROW_ACTIONS, ROWS_COMPACT, useCompactRows } from './compactRows';
import {
  BulkButtons,
  BulkFailuresProvider,
  PhoneBulkBar,
  SelectionToolbar,
  useBulkAllowed,
  useBulkFailures,
} from './BulkActions';
import type { ResourceDecl } from '../../contract/resources/declare';
import { CreateLinkButton } from './LinkButtons';
import { ListDialogsProvider } from './ListDialogs';
import { ListHeader, type BackLink } from './ListHeader';
import { ListNotices, ListNoticesProvider } from './ListNotices';
import { ListPagination } from './ListPagination';
import { LIST_PROGRESS_SX, ListProgress, ROWS_REPLACING, useRowsReplacing } from './ListProgress';
import { ListFilters } from './ListFilters';
import { ListSearch } from './ListSearch';
import { ListTableBody } from './ListTableBody';
import { LIST_TABLE_SX, NO_WRAP_CELLS, TableColumn } from './ListTableRow';
import { ROW_BUTTON_SX } from './RowButton';
import { useScreenList } from './useScreenList';
import { useIsPhone } from './useIsPhone';

export const HOME_LINK: BackLink = { to: '/dashboard', label: 'olympus.lists.back_home' };

export interface ListScreenProps<R extends RaRecord> {
  /** i18n keys */
  title: string;
  /** The Create button's label; none: the list has no Create (the audit log). */
  createLabel?: string;
  /** Called when a person shows the intent to press Create (the create screen's preload). */
  onCreateIntent?: () => void;
  searchPlaceholder: string;
  /** The columns, declared once: the table's, the cards' and the CSV's ("Export"). */
  columns: readonly ListColumn<R>[];
  /** The row's buttons: the table's last column and each card's foot. */
  rowActions?: ListRowActions;
  /** The CSV file's name without .csv. */
  csvFilename: string;
  back?: BackLink;
  /** A list of the current company's records: show "Company: {name}" under the title. */
  showCompany?: boolean;
  /** Extra list options, e.g. { query: { all: true } } (GET /users?all=true). */
  meta?: Record<string, unknown>;
  /** Buttons before Export and Create. */
  actions?: ReactNode;
  /** Each row's expansion (react-admin's DataTable `expand`), and on a phone inside each card. */
  expand?: ReactElement;
  /** Paged, searched and counted by the API at any size (useScreenList's `serverPaged`). */
  serverPaged?: boolean;
  /**
   * The declaration whose bulk changes the list offers (docs/resources.md "Bulk changes"): rows get a
   * checkbox and the selection a toolbar, for those who may use one of its actions.
   */
  bulk?: ResourceDecl;
}

/** An export holds every match, not ExportButton's default of 1000. */
const EXPORT_ALL = Number.MAX_SAFE_INTEGER;

/** One element for every render (see `cols` below). */
const NO_RESULTS = <ListNoResults />;

/** The desktop table's columns: a TableColumn each (react-admin's DataTable.Col in the head), then the actions column. An array, not a fragment:
 * DataTable counts its children (the loading skeleton has one cell per column). */
function tableColumns<R extends RaRecord>(columns: readonly ListColumn<R>[], rowActions: ListRowActions | undefined) {
  const cols = columns.map((c) => {
    const sortable = c.sortable ?? c.source !== undefined;
    // A column without `render` shows its `value` (a number's by numberText, right-aligned like
    // DataTable.NumberCol, the same text as the cards), or else its `source` the react-admin way.
    const render = c.render ?? (c.value || c.numeric ? (r: R) => columnText(c, r) : undefined);
    return (
      <TableColumn<R>
        key={c.label}
        source={c.source}
        label={c.label}
        render={render}
        disableSort={!sortable}
        align={c.numeric ? 'right' : undefined}
        cellClassName={c.noWrap ? NO_WRAP_CELLS : undefined}
      />
    );
  });
  if (!rowActions) return cols;
  return [
    ...cols,
    <TableColumn<R> key="actions" label={rowActions.label} align={rowActions.align}>
      {/* A flex row in a right-aligned cell needs telling. The buttons wrap: short of room, they stand one
          above the other rather than widen the table past its card. */}
      <Stack
        className={ROW_ACTIONS}
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: rowActions.align === 'right' ? 'flex-end' : 'flex-start' }}
      >
        {rowActions.element}
      </Stack>
    </TableColumn>,
  ];
}

/** The list's card: the progress bar's place, the dimmed rows' styles (./ListProgress.tsx) and the row buttons'
 * (./RowButton.tsx), for the table and the phone's cards alike. */
const CARD_SX: SxProps<Theme> = [{ position: 'relative' }, LIST_PROGRESS_SX, ROW_BUTTON_SX];

/** The table's box: the rows' checkboxes (./ListTableRow.tsx) and the compact table's styles (./compactRows.tsx). */
const TABLE_BOX_SX: SxProps<Theme> = [LIST_TABLE_SX, COMPACT_ROWS_SX];

/** A row a bulk change refused: marked (its reason is in the notice, and on the phone's card). */
const REFUSED_ROW = { bgcolor: 'rgba(211, 47, 47, 0.08)', boxShadow: 'inset 4px 0 0 #d32f2f' } as const;

function ListScreenView<R extends RaRecord>(props: ListScreenProps<R> & { selectable: boolean }) {
  const {
    title,
    createLabel,
    onCreateIntent,
    searchPlaceholder,
    back = HOME_LINK,
    showCompany = false,
    actions,
    rowActions,
    expand,
    bulk,
    selectable,
  } = props;
  const failures = useBulkFailures();
  const rowSx = useMemo(
    () => (failures.size > 0 ? (r: RaRecord) => (failures.has(r.id) ? REFUSED_ROW : {}) : undefined),
    [failures],
  );
  const bulkButtons = useMemo(() => (selectable && bulk ? <BulkButtons decl={bulk} /> : false), [selectable, bulk]);
  const bulkToolbar = useMemo(
    () => (bulkButtons ? <SelectionToolbar>{bulkButtons}</SelectionToolbar> : undefined),
    [bulkButtons],
  );
  const columns = useMemo(() => shownColumns(props.columns), [props.columns]);
  const translate = useTranslate();
  const replacing = useRowsReplacing();
  const phone = useIsPhone();
  const tableBox = useRef<HTMLDivElement>(null);
  const compact = useCompactRows(tableBox);
  // Classes, not styles: the styles are in place from the first render (LIST_PROGRESS_SX, COMPACT_ROWS_SX).
  const tableClass = [replacing && ROWS_REPLACING, compact && ROWS_COMPACT].filter(Boolean).join(' ') || undefined;
  // The same column elements on every render: the memoised table body and rows then skip
  // a render that changes nothing of theirs (a keystroke in the search box, the progress bar), so a
  // search's request leaves sooner (docs/speed.md).
  const cols = useMemo(() => tableColumns(columns, rowActions), [columns, rowActions]);
  // The header depends on none of the list's state: made once, it is not rendered again by a keystroke.
  const header = useMemo(
    () => (
      <ListHeader
        title={title}
        back={back}
        showCompany={showCompany}
        actions={
          <>
            {actions}
            {/* Named also when disabled: on a phone react-admin shows it as an icon, named only while enabled. */}
            <ExportButton
              maxResults={EXPORT_ALL}
              variant="outlined"
              size="medium"
              aria-label={translate('ra.action.export')}
            />
            {createLabel && <CreateLinkButton label={createLabel} onIntent={onCreateIntent} />}
          </>
        }
      />
    ),
    [title, back, showCompany, actions, createLabel, onCreateIntent, translate],
  );
  return (
    <ListNoticesProvider>
      <ListDialogsProvider>
        <BulkFailuresProvider>
          {header}
          <Card sx={CARD_SX}>
            <ListProgress shown={replacing} />
            {/* On a phone the record cards sit inside: a narrower margin leaves them more of the width. */}
            <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
              <Stack direction="row" sx={{ mb: 2 }}>
                <ListSearch placeholder={searchPlaceholder} />
              </Stack>
              <ListFilters />
              <ListNotices />
              {phone && selectable && bulk && <PhoneBulkBar decl={bulk} />}
              {phone ? (
                <ListCards<R>
                  label={translate(title)}
                  replacing={replacing}
                  columns={columns}
                  rowActions={rowActions}
                  expand={expand}
                  selectable={selectable}
                />
              ) : (
                /* rowClick off: react-admin would link rows to /{resource}/{id}; rows carry their own edit links. */
                <Box ref={tableBox} className={tableClass} sx={TABLE_BOX_SX}>
                  <CompactRows.Provider value={compact}>
                    <DataTable
                      rowClick={false}
                      body={ListTableBody}
                      bulkActionButtons={bulkButtons}
                      bulkActionsToolbar={bulkToolbar}
                      rowSx={rowSx}
                      empty={NO_RESULTS}
                      size="medium"
                      expand={expand}
                    >
                      {cols}
                    </DataTable>
                  </CompactRows.Provider>
                </Box>
              )}
              <ListPagination />
            </CardContent>
          </Card>
        </BulkFailuresProvider>
      </ListDialogsProvider>
    </ListNoticesProvider>
  );
}

export function ListScreen<R extends RaRecord>(props: ListScreenProps<R>) {
  const csv = useMemo(() => csvColumnsOf(props.columns), [props.columns]);
  const exporter = useCsvExporter(csv, props.csvFilename);
  const allowed = useBulkAllowed(props.bulk);
  const selectable = allowed.update || allowed.delete;
  const list = useScreenList<R>({ meta: props.meta, exporter, serverPaged: props.serverPaged, selectable });
  return (
    <ListContextProvider value={list}>
      <ListScreenView {...props} selectable={selectable} />
    </ListContextProvider>
  );
}

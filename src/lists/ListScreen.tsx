// The shared list screen of SPEC §2 (users, companies, properties, units, roles): header, search,
// notices, a react-admin <DataTable> of the current page only, and the paging controls, over a
// ListContext built by useScreenList (paged in the browser, or by the API past CLIENT_LIST_MAX). A
// resource's list passes its texts, CSV columns and <DataTable.Col> children; what the search box
// matches is the resource's LIST_SEARCH_FIELDS (contract/lists.ts). See resources/companies/CompanyList.tsx
// for the smallest one.
import type { ReactNode } from 'react';
import { Card, CardContent, Stack } from '@mui/material';
import { ListContextProvider, type RaRecord } from 'ra-core';
import { DataTable, ExportButton, ListNoResults } from 'react-admin';
import { useCsvExporter, type CsvColumn } from './csvExport';
import { CreateLinkButton } from './LinkButtons';
import { ListDialogsProvider } from './ListDialogs';
import { ListHeader, type BackLink } from './ListHeader';
import { ListNotices, ListNoticesProvider } from './ListNotices';
import { ListPagination } from './ListPagination';
import { ListProgress, REPLACING_ROWS_SX, useRowsReplacing } from './ListProgress';
import { ListSearch } from './ListSearch';
import { useScreenList } from './useScreenList';

export const HOME_LINK: BackLink = { to: '/dashboard', label: 'olympus.lists.back_home' };

export interface ListScreenProps<R extends RaRecord> {
  /** i18n keys */
  title: string;
  createLabel: string;
  searchPlaceholder: string;
  /** CSV columns of "Export", and the file's name without .csv. */
  csv: readonly CsvColumn<R>[];
  csvFilename: string;
  back?: BackLink;
  /** A list of the current company's records: show "Company: {name}" under the title. */
  showCompany?: boolean;
  /** Extra list options, e.g. { query: { all: true } } (GET /users?all=true). */
  meta?: Record<string, unknown>;
  /** Buttons before Export and Create. */
  actions?: ReactNode;
  /** The table's <DataTable.Col> columns. */
  children: ReactNode;
}

/** An export holds every match, not ExportButton's default of 1000. */
const EXPORT_ALL = Number.MAX_SAFE_INTEGER;

function ListScreenView<R extends RaRecord>(props: ListScreenProps<R>) {
  const { title, createLabel, searchPlaceholder, back = HOME_LINK, showCompany = false, actions, children } = props;
  const replacing = useRowsReplacing();
  return (
    <ListNoticesProvider>
      <ListDialogsProvider>
        <ListHeader
          title={title}
          back={back}
          showCompany={showCompany}
          actions={
            <>
              {actions}
              <ExportButton maxResults={EXPORT_ALL} variant="outlined" size="medium" />
              <CreateLinkButton label={createLabel} />
            </>
          }
        />
        <Card sx={{ position: 'relative' }}>
          <ListProgress />
          <CardContent>
            <Stack direction="row" sx={{ mb: 2 }}>
              <ListSearch placeholder={searchPlaceholder} />
            </Stack>
            <ListNotices />
            {/* rowClick off: react-admin would link rows to /{resource}/{id}; rows carry their own edit links. */}
            <DataTable rowClick={false} bulkActionButtons={false} empty={<ListNoResults />} size="medium" sx={replacing ? REPLACING_ROWS_SX : undefined}>
              {children}
            </DataTable>
            <ListPagination />
          </CardContent>
        </Card>
      </ListDialogsProvider>
    </ListNoticesProvider>
  );
}

export function ListScreen<R extends RaRecord>(props: ListScreenProps<R>) {
  const exporter = useCsvExporter(props.csv, props.csvFilename);
  const list = useScreenList<R>({ meta: props.meta, exporter });
  return (
    <ListContextProvider value={list}>
      <ListScreenView {...props} />
    </ListContextProvider>
  );
}

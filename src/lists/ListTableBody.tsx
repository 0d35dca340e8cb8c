// The list table's body: react-admin's DataTableBody without its even/odd row classes (nothing styles
// them here). A row's class then does not depend on its position, so a row whose record is the same
// object as before (useScreenList keeps equal records) is not rendered again when a new page moves it
// up or down: the rows are memoised on their props and record (docs/speed.md "Rendering"). The rows are
// the light ListTableRow, or react-admin's own where a row expands (the audit log).
import { memo, type ReactNode } from 'react';
import { TableBody } from '@mui/material';
import { RecordContextProvider, useDataTableConfigContext, useDataTableDataContext } from 'ra-core';
import { DataTableClasses, DataTableRow, useDataTableRowSxContext } from 'react-admin';
import { ListTableRow } from './ListTableRow';

const BODY_CLASS = `datatable-body ${DataTableClasses.tbody}`;

export const ListTableBody = memo(function ListTableBody({ children }: { children?: ReactNode }) {
  const data = useDataTableDataContext();
  const rowSx = useDataTableRowSxContext();
  const { expand } = useDataTableConfigContext();
  return (
    <TableBody className={BODY_CLASS}>
      {data?.map((record, i) => (
        <RecordContextProvider value={record} key={record.id ?? `row${i}`}>
          {expand ? (
            <DataTableRow className={DataTableClasses.row} sx={rowSx?.(record, i)}>
              {children}
            </DataTableRow>
          ) : (
            <ListTableRow record={record} sx={rowSx?.(record, i)}>
              {children}
            </ListTableRow>
          )}
        </RecordContextProvider>
      ))}
    </TableBody>
  );
});

// The list table's body: react-admin's DataTableBody without its even/odd row classes (nothing styles
// them here). A row's class then does not depend on its position, so a row whose record is the same
// object as before (useScreenList keeps equal records) is not rendered again when a new page moves it
// up or down: react-admin's rows are memoised on their props and record (docs/speed.md "Rendering").
import { memo, type ReactNode } from 'react';
import { TableBody } from '@mui/material';
import { RecordContextProvider, useDataTableDataContext } from 'ra-core';
import { DataTableClasses, DataTableRow, useDataTableRowSxContext } from 'react-admin';

const BODY_CLASS = `datatable-body ${DataTableClasses.tbody}`;

export const ListTableBody = memo(function ListTableBody({ children }: { children?: ReactNode }) {
  const data = useDataTableDataContext();
  const rowSx = useDataTableRowSxContext();
  return (
    <TableBody className={BODY_CLASS}>
      {data?.map((record, i) => (
        <RecordContextProvider value={record} key={record.id ?? `row${i}`}>
          <DataTableRow className={DataTableClasses.row} sx={rowSx?.(record, i)}>
            {children}
          </DataTableRow>
        </RecordContextProvider>
      ))}
    </TableBody>
  );
});

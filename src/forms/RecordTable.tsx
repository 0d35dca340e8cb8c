// A small titled table of related records with an Edit link per row (a company's
// Properties, a property's Units). The rows come with the edited record; no paging needed. On a phone
// each row is a card (the first column its title), as on the list screens (src/lists/RecordCard.tsx).
import { useId, type MouseEvent } from 'react';
import {
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'react-admin';
import { RecordCard, RecordCardList } from '../lists/RecordCard';
import { useIsPhone } from '../lists/useIsPhone';

export type Row = Record<string, unknown>;

export interface RecordColumn {
  /** Already translated. */
  header: string;
  value: (row: Row) => string;
}

export interface RecordTableProps {
  title: string;
  columns: RecordColumn[];
  rows: unknown;
  editPath: (row: Row) => string;
  /** Called when a row's Edit link is followed, before the navigation (it may take it over). */
  onEdit?: (event: MouseEvent<HTMLElement>, path: string) => void;
  empty: string;
}

export const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const rowKey = (row: Row) => text(row.uuid ?? row.id);

export function RecordTable({ title, columns, rows, editPath, onEdit, empty }: RecordTableProps) {
  const translate = useTranslate();
  const titleId = useId();
  const phone = useIsPhone();
  const list = Array.isArray(rows) ? rows.filter((r): r is Row => !!r && typeof r === 'object') : [];
  const editButton = (row: Row) => (
    <Button
      component={RouterLink}
      to={editPath(row)}
      onClick={onEdit && ((e: MouseEvent<HTMLElement>) => onEdit(e, editPath(row)))}
      size="small"
      startIcon={<EditOutlined />}
    >
      {translate('olympus.forms.edit')}
    </Button>
  );
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
          {title}
        </Typography>
        {list.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : phone ? (
          <RecordCardList label={title}>
            {list.map((row, i) => {
              const [first, ...rest] = columns;
              return (
                <RecordCard
                  key={rowKey(row) || i}
                  titleAs="h3"
                  title={first ? first.value(row) : ''}
                  lines={rest
                    .filter((c) => c.value(row) !== '')
                    .map((c) => ({ key: c.header, label: c.header, value: c.value(row) }))}
                  actions={editButton(row)}
                />
              );
            })}
          </RecordCardList>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.header} sx={{ fontWeight: 600 }}>
                      {c.header}
                    </TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((row, i) => (
                  <TableRow key={rowKey(row) || i} hover>
                    {columns.map((c) => (
                      <TableCell key={c.header}>{c.value(row)}</TableCell>
                    ))}
                    <TableCell align="right">{editButton(row)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

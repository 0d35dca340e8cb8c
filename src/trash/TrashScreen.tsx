// A declared resource's Trash screen, /dashboard/{spa}/trash (docs/resources.md "Trash"): its deleted
// records, newest deletion first, with who deleted them and when; "Restore" (the server checks it like
// a create and says why when it refuses), the record's history (read only), and for a super admin
// "Delete forever" after a confirmation. A table from 600 px, one card per record on a phone.
import { useEffect, useId, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Confirm, Title, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import type { RaRecord } from 'ra-core';
import type { ResourceDecl } from '../../contract/resources/declare';
import { SUPER_ADMIN } from '../../contract/roles';
import { viewerOf } from '../../providers/authProvider';
import { authStore, useStoreState } from '../../providers/store';
import { HistoryPanel } from '../history/HistoryPanel';
import { useSessionUser } from '../layout/useSessionUser';
import { loadState } from '../layout/PageSection';
import { columnText } from '../lists/listColumns';
import { dateTimeText } from '../lists/dateTimeText';
import { actorName } from '../people/actorName';
import { useIsPhone } from '../lists/useIsPhone';
import { declaredColumns } from '../declared/columns';
import { listKey } from '../declared/texts';
import {
  fetchTrash,
  purgeRecord,
  restoreRecord,
  TRASH_PAGE,
  TrashError,
  type TrashAnswer,
  type TrashedRecord,
} from './trashApi';
import { RefusalAlert, type Refusal } from '../forms/RefusalAlert';

export function TrashScreen({ decl }: { decl: ResourceDecl }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const isPhone = useIsPhone();
  const titleId = useId();
  const companyName = useStoreState(authStore, (s) => s.currentCompanyName);
  const superAdmin = viewerOf(useSessionUser()).role === SUPER_ADMIN;
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [purging, setPurging] = useState<TrashedRecord | null>(null);
  const [history, setHistory] = useState<TrashedRecord | null>(null);
  const t = (key: string, options?: object) => translate(`olympus.trash.${key}`, options);
  const many = translate(listKey(decl.spa, 'title'));
  const first = declaredColumns(decl)[0];
  const nameOf = (r: TrashedRecord) => columnText(first, r as RaRecord) || r.id;

  const queryKey = ['olympus.trash', decl.spa, page];
  const query = useQuery({
    queryKey,
    queryFn: () => fetchTrash(decl.spa, page),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const status = query.error instanceof TrashError ? query.error.status : null;
  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied({ status });
  }, [status, logoutIfAccessDenied]);
  const records = query.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / TRASH_PAGE));
  // The last record of a later page gone: show the page before.
  useEffect(() => {
    if (query.data && records.length === 0 && page > 1) setPage((p) => p - 1);
  }, [query.data, records.length, page]);

  /** After a restore or purge: the record leaves the trash, and the resource's lists show what changed. */
  const act = async (
    record: TrashedRecord,
    call: (resource: string, id: string) => Promise<TrashAnswer>,
    done: string,
  ) => {
    setBusy(record.id);
    const answer = await call(decl.spa, record.id);
    setBusy(null);
    if (!answer.ok) {
      if (answer.status === 401) void logoutIfAccessDenied({ status: 401 });
      setRefusal({ message: answer.message ?? t('failed'), errors: answer.errors.filter((e) => e !== answer.message) });
      return;
    }
    setRefusal(null);
    if (history?.id === record.id) setHistory(null);
    notify(`olympus.trash.${done}`, { type: 'success', messageArgs: { name: nameOf(record) } });
    await queryClient.invalidateQueries({ queryKey: ['olympus.trash', decl.spa] });
    void queryClient.invalidateQueries({ queryKey: [decl.spa] });
  };
  const purge = async () => {
    const record = purging;
    setPurging(null);
    if (record) await act(record, purgeRecord, 'purged');
  };

  const buttons = (r: TrashedRecord) => {
    const name = nameOf(r);
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={busy === r.id ? <CircularProgress size={16} aria-hidden /> : <RestoreFromTrashOutlined />}
          disabled={busy !== null}
          onClick={() => void act(r, restoreRecord, 'restored')}
          aria-label={t('restore_named', { name })}
        >
          {t('restore')}
        </Button>
        {decl.history !== false && (
          <Button
            size="small"
            startIcon={<HistoryOutlined />}
            aria-expanded={history?.id === r.id}
            onClick={() => setHistory(history?.id === r.id ? null : r)}
            aria-label={history?.id === r.id ? t('hide_history') : t('history_named', { name })}
          >
            {history?.id === r.id ? t('hide_history') : t('history')}
          </Button>
        )}
        {superAdmin && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteForeverOutlined />}
            disabled={busy !== null}
            onClick={() => setPurging(r)}
            aria-label={t('purge_named', { name })}
          >
            {t('purge')}
          </Button>
        )}
      </Stack>
    );
  };
  // Only a person deletes (the server purges, never trashes): no one on record is a user deleted since.
  const deletedBy = (r: TrashedRecord) => actorName(r.deleted_by ?? { name: null }, translate);
  const deletedAt = (r: TrashedRecord) => <time dateTime={r.deleted_at}>{dateTimeText(r.deleted_at)}</time>;

  let body = loadState(
    { isPending: query.isPending, error: query.error, data: query.data },
    { loading: t('loading'), failed: t('load_failed'), retry: t('retry'), onRetry: () => void query.refetch() },
  );
  if (!body) {
    body =
      records.length === 0 ? (
        <Typography>{t('empty')}</Typography>
      ) : isPhone ? (
        <Stack component="ul" spacing={1.5} aria-labelledby={titleId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {records.map((r) => (
            <Card component="li" key={r.id} variant="outlined">
              <CardContent>
                <Typography component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 1 }}>
                  {nameOf(r)}
                </Typography>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    mb: 1.5,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 1.5,
                    rowGap: 0.5,
                    '& dd': { m: 0, overflowWrap: 'anywhere' },
                  }}
                >
                  <Typography component="dt" color="text.secondary">
                    {t('deleted_by')}
                  </Typography>
                  <dd>{deletedBy(r)}</dd>
                  <Typography component="dt" color="text.secondary">
                    {t('deleted_at')}
                  </Typography>
                  <dd>{deletedAt(r)}</dd>
                </Box>
                {buttons(r)}
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card variant="outlined">
          <Table aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('record')}</TableCell>
                <TableCell>{t('deleted_by')}</TableCell>
                <TableCell>{t('deleted_at')}</TableCell>
                <TableCell>{t('actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((r) => (
                <TableRow key={r.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {nameOf(r)}
                  </TableCell>
                  <TableCell>{deletedBy(r)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{deletedAt(r)}</TableCell>
                  <TableCell>{buttons(r)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      );
  }

  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <Title title={t('title', { name: many })} />
      <MuiLink
        component={Link}
        to={`/dashboard/${decl.spa}`}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontSize: 14 }}
      >
        <ArrowBack fontSize="inherit" />
        {t('back', { name: many })}
      </MuiLink>
      <Typography component="h1" variant="h5" id={titleId} sx={{ fontWeight: 600 }}>
        {t('title', { name: many })}
      </Typography>
      {decl.tenancy === 'scoped' && companyName && (
        <Typography variant="subtitle2" color="text.secondary">
          {translate('olympus.lists.company_line', { name: companyName })}
        </Typography>
      )}
      {query.data && query.data.days > 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('intro', { smart_count: query.data.days })}
        </Typography>
      )}
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
        <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} />
      </Box>
      {body}
      {pages > 1 && (
        <Stack
          component="nav"
          aria-label={t('pages')}
          direction="row"
          spacing={1}
          sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <Typography>{t('page', { page, pages })}</Typography>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </Stack>
      )}
      {history && (
        <Box sx={{ mt: 3 }}>
          <HistoryPanel
            key={history.id}
            resource={decl.spa}
            id={history.id}
            title={t('history_of', { name: nameOf(history) })}
          />
        </Box>
      )}
      <Confirm
        isOpen={purging !== null}
        title="olympus.trash.confirm_title"
        titleTranslateOptions={{ name: purging ? nameOf(purging) : '' }}
        content="olympus.trash.confirm_content"
        confirm="olympus.trash.confirm"
        cancel="olympus.trash.cancel"
        confirmColor="warning"
        onConfirm={() => void purge()}
        onClose={() => setPurging(null)}
      />
    </Box>
  );
}

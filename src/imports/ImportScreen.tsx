// A declared resource's Import screen, /dashboard/{spa}/import (docs/resources.md "Import"): upload a
// CSV file, match its columns to the fields (matched by name or label to begin with), check it with a
// dry run — what each row would do, the rows with errors and why —, then import it. The progress (rows
// done, errors, time left) is read from the server and shows again when the screen is opened later, since the
// import runs on the server whatever the page does; the rows with errors download as a CSV.
import { useId, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  InputLabel,
  LinearProgress,
  Link as MuiLink,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Title, useNotify, useTranslate } from 'react-admin';
import { importColumns } from '../../contract/imports';
import { catalogueKey, type ResourceDecl } from '../../contract/resources/declare';
import { apiUrl } from '../../providers/dataProvider';
import { API_URL } from '../../providers/httpClient';
import { listKey } from '../declared/texts';
import { downloadErrors, fetchImport, headerOf, rememberedImport, rememberImport, startImport } from './importApi';
import { useSecondsLeft } from './timeLeft';

/** Row errors shown on the screen; the rest are in the download. */
const SHOWN_ERRORS = 100;
const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** Each header cell's field, as the server would match it: a field's name, its label or a reference's `as`; '' for
 * none. */
export function autoMapping(decl: ResourceDecl, header: string[]): Record<string, string> {
  const byName = new Map<string, string>();
  for (const { field, label } of importColumns(decl)) {
    byName.set(norm(field), field);
    byName.set(norm(label), field);
    const f = decl.fields[field];
    if ('ref' in f) byName.set(norm(f.ref.as), field);
  }
  const taken = new Set<string>();
  return Object.fromEntries(
    header.map((h) => {
      const field = byName.get(norm(h)) ?? '';
      if (!field || taken.has(field)) return [h, ''];
      taken.add(field);
      return [h, field];
    }),
  );
}

export function ImportScreen({ decl }: { decl: ResourceDecl }) {
  const translate = useTranslate();
  const notify = useNotify();
  const fileId = useId();
  const t = (key: string, options?: object) => translate(`olympus.imports.${key}`, options);
  const many = translate(listKey(decl.spa, 'title'));
  const columns = importColumns(decl);
  const [file, setFile] = useState<{ name: string; text: string; header: string[] } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [importId, setImportId] = useState<string | null>(() => rememberedImport(decl.spa));
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const status = useQuery({
    queryKey: ['olympus.imports', importId],
    queryFn: () => (importId ? fetchImport(importId) : null),
    enabled: importId !== null,
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.state === 'succeeded' || q.state.data.state === 'failed') ? false : 1000,
  });
  const job = status.data ?? null;
  const ended = job !== null && (job.state === 'succeeded' || job.state === 'failed');

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    const text = await chosen.text();
    const header = headerOf(text);
    setFile({ name: chosen.name, text, header });
    setMapping(autoMapping(decl, header));
    setRefusal(null);
  };

  const start = async (dryRun: boolean) => {
    if (!file) return;
    setStarting(true);
    setRefusal(null);
    const answer = await startImport(decl.spa, file.text, mapping, dryRun);
    setStarting(false);
    if (!answer.ok) {
      setRefusal([answer.message ?? t('start_failed'), ...answer.errors.filter((m) => m !== answer.message)]);
      return;
    }
    rememberImport(decl.spa, answer.id);
    setImportId(answer.id);
  };

  const again = () => {
    rememberImport(decl.spa, null);
    setImportId(null);
    setFile(null);
    setMapping({});
  };

  const labelOf = (field: string) => translate(catalogueKey(decl, field), { _: decl.fields[field]?.label ?? field });
  const running = importId !== null && !ended;
  const percent = job && job.counts.rows > 0 ? Math.round((job.counts.done / job.counts.rows) * 100) : 0;
  const left = useSecondsLeft(job?.state === 'running', importId, job?.counts.done ?? 0, job?.counts.rows ?? 0);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={t('title', { name: many })} />
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        <Box>
          <Button component={Link} to={`/dashboard/${decl.spa}`} startIcon={<ArrowBack />}>
            {t('back', { name: many })}
          </Button>
        </Box>
        <Typography variant="h5" component="h1">
          {t('title', { name: many })}
        </Typography>
        <Typography>{t('intro')}</Typography>
        <Box>
          <MuiLink href={`${API_URL}${apiUrl(decl.spa)}/import/template`} download={`${decl.name}-import.csv`}>
            {t('template')}
          </MuiLink>
        </Box>

        {importId === null && (
          <>
            <Box>
              <Button component="label" htmlFor={fileId} variant="outlined" startIcon={<UploadFileOutlined />}>
                {t('choose')}
                <input
                  id={fileId}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label={t('file')}
                  onChange={(e) => void choose(e)}
                />
              </Button>
              {file && <Typography sx={{ mt: 1 }}>{t('chosen', { name: file.name })}</Typography>}
            </Box>
            {file && file.header.length === 0 && <Alert severity="error">{t('no_header')}</Alert>}
            {file && file.header.length > 0 && (
              <>
                <Typography variant="h6" component="h2">
                  {t('mapping')}
                </Typography>
                <Table size="small" aria-label={t('mapping')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('column')}</TableCell>
                      <TableCell>{t('field')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {file.header.map((h, i) => (
                      <TableRow key={`${i}:${h}`}>
                        <TableCell>{h}</TableCell>
                        <TableCell>
                          <FormControl size="small" fullWidth>
                            <InputLabel id={`${fileId}-map-${i}`}>{t('field')}</InputLabel>
                            <Select
                              labelId={`${fileId}-map-${i}`}
                              label={t('field')}
                              value={mapping[h] ?? ''}
                              // Named for its column ("Field: Postcode"), not only by the label every row shares.
                              SelectDisplayProps={{ 'aria-labelledby': undefined, 'aria-label': `${t('field')}: ${h}` }}
                              onChange={(e) => setMapping((m) => ({ ...m, [h]: String(e.target.value) }))}
                            >
                              <MenuItem value="">{t('skip')}</MenuItem>
                              {columns.map((c) => (
                                <MenuItem key={c.field} value={c.field}>
                                  {labelOf(c.field)}
                                </MenuItem>
                              ))}
                            </Select>
                          </FormControl>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" disabled={starting} onClick={() => void start(true)}>
                    {t('check')}
                  </Button>
                  <Button variant="contained" disabled={starting} onClick={() => void start(false)}>
                    {t('run')}
                  </Button>
                </Stack>
              </>
            )}
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal.map((m) => (
                  <div key={m}>{m}</div>
                ))}
              </Alert>
            )}
          </>
        )}

        {importId !== null && (
          <Stack spacing={2} aria-live="polite">
            {running && (
              <>
                <Typography>
                  {job?.state === 'running' ? t(job.dry_run ? 'dry_running' : 'running') : t('queued')}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  aria-label={t('progress', {
                    done: job?.counts.done ?? 0,
                    rows: job?.counts.rows ?? 0,
                    failed: job?.counts.failed ?? 0,
                  })}
                />
                <Typography>
                  {t('progress', {
                    done: job?.counts.done ?? 0,
                    rows: job?.counts.rows ?? 0,
                    failed: job?.counts.failed ?? 0,
                  })}
                </Typography>
                {left !== null && (
                  <Typography>
                    {t('time_left', {
                      time:
                        left < 60
                          ? t('seconds', { smart_count: left })
                          : t('minutes', { smart_count: Math.ceil(left / 60) }),
                    })}
                  </Typography>
                )}
              </>
            )}
            {job && ended && job.state === 'succeeded' && (
              <Alert severity={job.counts.failed > 0 ? 'warning' : 'success'}>
                {t(job.dry_run ? 'dry_done' : 'done', { ...job.counts })}
              </Alert>
            )}
            {job && ended && job.state === 'failed' && (
              <Alert severity="error">{t('failed', { message: job.message ?? '' })}</Alert>
            )}
            {job && job.errors.length > 0 && (
              <>
                <Typography variant="h6" component="h2">
                  {t('errors_title')}
                </Typography>
                <Table size="small" aria-label={t('errors_title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('row')}</TableCell>
                      <TableCell>{t('field')}</TableCell>
                      <TableCell>{t('message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {job.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
                      <TableRow key={`${e.row}:${e.field}:${i}`}>
                        <TableCell>{e.row}</TableCell>
                        <TableCell>{e.field ? labelOf(e.field) : t('whole_row')}</TableCell>
                        <TableCell>{e.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {job.errors.length > SHOWN_ERRORS && (
                  <Typography>{t('more_errors', { smart_count: job.errors.length - SHOWN_ERRORS })}</Typography>
                )}
                <Box>
                  <Button
                    variant="outlined"
                    onClick={() =>
                      void downloadErrors(job.id, decl.name).then((ok) => {
                        if (!ok) notify(t('download_failed'), { type: 'error' });
                      })
                    }
                  >
                    {t('download_errors')}
                  </Button>
                </Box>
              </>
            )}
            {job &&
              ended &&
              job.state === 'succeeded' &&
              job.dry_run &&
              file !== null &&
              job.counts.created + job.counts.updated > 0 && (
                // The file just checked, imported as it was checked (its valid rows; the ones with errors are left
                // out).
                <Box>
                  <Button variant="contained" disabled={starting} onClick={() => void start(false)}>
                    {t('run_checked', { smart_count: job.counts.created + job.counts.updated })}
                  </Button>
                </Box>
              )}
            {(ended ||
              (importId !== null && status.isError) ||
              (importId !== null && status.isSuccess && job === null)) && (
              <Box>
                <Button onClick={again}>{t('new_file')}</Button>
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

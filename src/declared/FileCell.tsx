// A file field's cell (docs/resources.md "Files"): a paper clip when the record has a file, named for
// screen readers and on hover; nothing without one. The CSV keeps the file's name.
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';

const fileName = (v: unknown): string | null =>
  v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string'
    ? (v as { name: string }).name
    : null;

export function FileCell({ value }: { value: unknown }) {
  const translate = useTranslate();
  const name = fileName(value);
  if (name === null) return null;
  const text = translate('olympus.lists.file_attached', { name });
  return (
    <Tooltip title={name}>
      <AttachFileIcon fontSize="small" role="img" aria-label={text} aria-hidden={false} />
    </Tooltip>
  );
}

export { fileName };

// A file field (docs/resources.md "Files"): the current file's name (a download link) and size, a
// button to upload one (or another in its place) with the upload's progress, and a remove action.
// The form's value is the upload's id; the server tells the type from the bytes and checks it again.
import { useRef, useState, type ChangeEvent } from 'react';
import {
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslate } from 'react-admin';
import type { FileValue } from '../../../contract/uploads';
import { downloadFile, fileSizeText, uploadFile } from '../uploadApi';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export function FileField({ field, name, id }: FieldProps) {
  const translate = useTranslate();
  const { input, error, helperText } = useFormField(field, name);
  const [file, setFile] = useState<FileValue | null>(field.file ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const current = typeof input.value === 'string' && input.value !== '' && file?.id === input.value ? file : null;
  const label = labelOf(field);
  const helpId = `${id}-help`;
  const disabled = !!field.disabled || progress !== null;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    // The same file may be chosen again after a refusal.
    e.target.value = '';
    if (!chosen) return;
    setFailure(null);
    if (field.max !== undefined && chosen.size > field.max) {
      setFailure(translate('olympus.forms.file.too_large', { size: fileSizeText(field.max) }));
      return;
    }
    setProgress(0);
    const answer = await uploadFile(chosen, setProgress);
    setProgress(null);
    if (!answer.ok) {
      setFailure(answer.message ?? translate('olympus.forms.file.failed'));
      return;
    }
    setFile(answer.file);
    input.onChange(answer.file.id);
  };

  const shownText = failure ?? helperText;
  return (
    <FormControl error={!!error || !!failure} required={!!field.required} disabled={!!field.disabled} fullWidth>
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        {current ? (
          <>
            <AttachFileIcon fontSize="small" aria-hidden />
            <Link
              component="button"
              type="button"
              onClick={() => void downloadFile(current)}
              aria-label={translate('olympus.forms.file.download', { name: current.name })}
            >
              {current.name}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {fileSizeText(current.size)}
            </Typography>
            {!field.disabled && (
              <Button
                size="small"
                onClick={() => {
                  setFailure(null);
                  input.onChange('');
                }}
                aria-label={translate('olympus.forms.file.remove_named', { name: current.name })}
              >
                {translate('olympus.forms.file.remove')}
              </Button>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('olympus.forms.file.none')}
          </Typography>
        )}
      </Stack>
      {!field.disabled && (
        <Box sx={{ mt: 1 }}>
          <Button variant="outlined" size="small" disabled={disabled} onClick={() => chooser.current?.click()}>
            {translate(current ? 'olympus.forms.file.replace' : 'olympus.forms.file.upload')}
          </Button>
          <input
            ref={(el) => {
              chooser.current = el;
              input.ref(el);
            }}
            id={id}
            name={field.name}
            type="file"
            hidden
            accept={field.accept}
            aria-labelledby={`${id}-label`}
            aria-describedby={shownText ? helpId : undefined}
            onChange={(e) => void choose(e)}
            onBlur={input.onBlur}
          />
        </Box>
      )}
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={translate('olympus.forms.file.uploading', { percent: progress })}
          />
          <Typography variant="caption" role="status">
            {translate('olympus.forms.file.uploading', { percent: progress })}
          </Typography>
        </Box>
      )}
      {shownText && <FormHelperText id={helpId}>{shownText}</FormHelperText>}
    </FormControl>
  );
}

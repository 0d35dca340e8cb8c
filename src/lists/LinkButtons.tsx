// The create button of a list and the edit button of a row, linking to the screens' paths; each only
// for those whose permissions allow the action (./useMayAct.ts).
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router';
import { useBasename, useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import { createPath, editPath } from './paths';
import { useMayAct } from './useMayAct';
import { ROW_ICONS, RowButton } from './RowButton';

/** react-admin's own link buttons carry this state: its routes then scroll the new screen to the top. */
const SCROLL_TO_TOP = { _scrollToTop: true };

/**
 * What shows the intent to open the screen a button leads to: a pointer over it, a touch, the focus. The
 * screen's code then starts loading (a lazy screen's preload), so it is in when the click comes.
 */
const intentProps = (onIntent: (() => void) | undefined) =>
  onIntent ? { onPointerEnter: onIntent, onTouchStart: onIntent, onFocus: onIntent } : {};

/** `label` is an i18n key; `onIntent`: see intentProps. */
export function CreateLinkButton({ label, onIntent }: { label: string; onIntent?: () => void }) {
  const translate = useTranslate();
  const basename = useBasename();
  const resource = useResourceContext() ?? '';
  if (!useMayAct('create')) return null;
  return (
    <Button
      component={Link}
      to={createPath(basename, resource)}
      state={SCROLL_TO_TOP}
      variant="contained"
      startIcon={<AddIcon />}
      {...intentProps(onIntent)}
    >
      {translate(label)}
    </Button>
  );
}

/**
 * `label` is an i18n key; `icon` an SVG path (./RowButton.tsx ROW_ICONS); the row's record and resource come
 * from the table; `onIntent`: see intentProps.
 */
export function EditLinkButton({
  label,
  icon = ROW_ICONS.edit,
  onIntent,
}: {
  label: string;
  icon?: string;
  onIntent?: () => void;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const may = useMayAct('update');
  if (!record || !may) return null;
  return (
    <RowButton
      text={translate(label)}
      icon={icon}
      to={editPath(basename, resource, record.id)}
      state={SCROLL_TO_TOP}
      {...intentProps(onIntent)}
    />
  );
}

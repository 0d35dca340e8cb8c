// A row's button (Edit, Remove): a plain link or button with an icon and its text, drawn by the styles the
// list carries once (ROW_BUTTON_SX) instead of MUI's Button. A search keystroke renders every row new to
// the page, and MUI's Button is ~17 components with their own styles per button (ButtonBase, the ripple,
// the icon's SvgIcon): two per row were a fifth of a keystroke's work (docs/speed.md "Rendering").
import type { MouseEventHandler } from 'react';
import { Link, type To } from 'react-router';
import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { ROW_BUTTON, ROW_BUTTON_TEXT, RowButtonTip } from './compactRows';

/** With ROW_BUTTON: a row button in the error colour (Remove). */
const ROW_BUTTON_ERROR = 'olympus-row-button-error';

/** The icons of the row buttons: their SVG paths (24 × 24), as @mui/icons-material draws them. */
export const ROW_ICONS = {
  edit: 'm14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z',
  delete: 'M16 9v10H8V9zm-1.5-6h-5l-1 1H5v2h14V4h-3.5zM18 7H6v12c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2z',
} as const;

/** MUI's small text Button as the theme sets it (no upper case, semi-bold), for the list's row buttons. */
export const ROW_BUTTON_SX = (theme: Theme): SystemStyleObject<Theme> => {
  const tone = (color: string) => ({
    color,
    '&:hover': { backgroundColor: alpha(color, theme.palette.action.hoverOpacity) },
    '&:focus-visible': {
      backgroundColor: alpha(color, theme.palette.action.focusOpacity),
      outline: `2px solid ${color}`,
    },
  });
  return {
    [`& .${ROW_BUTTON}`]: {
      ...theme.typography.button,
      fontSize: theme.typography.pxToRem(13),
      fontWeight: 600,
      textTransform: 'none',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      minWidth: 64,
      margin: 0,
      padding: '4px 5px',
      border: 0,
      borderRadius: `${theme.shape.borderRadius}px`,
      backgroundColor: 'transparent',
      textDecoration: 'none',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.short }),
      ...tone(theme.palette.primary.main),
      '& > svg': { width: 18, height: 18, flexShrink: 0, fill: 'currentColor', marginLeft: '-2px', marginRight: '8px' },
      '&:disabled': { color: theme.palette.action.disabled, cursor: 'default', pointerEvents: 'none' },
    },
    [`& .${ROW_BUTTON_ERROR}`]: tone(theme.palette.error.main),
  };
};

interface RowButtonProps {
  /** Already translated: the button's text, its name, and its tooltip in a compact table. */
  text: string;
  /** An SVG path of 24 × 24 (ROW_ICONS). */
  icon: string;
  color?: 'primary' | 'error';
  /** A link to this address, or else a button. */
  to?: To;
  state?: unknown;
  onClick?: MouseEventHandler;
  disabled?: boolean;
  onPointerEnter?: () => void;
  onTouchStart?: () => void;
  onFocus?: () => void;
}

export function RowButton({ text, icon, color = 'primary', to, state, onClick, disabled, ...intent }: RowButtonProps) {
  const className = color === 'error' ? `${ROW_BUTTON} ${ROW_BUTTON_ERROR}` : ROW_BUTTON;
  const content = (
    <>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={icon} />
      </svg>
      <span className={ROW_BUTTON_TEXT}>{text}</span>
    </>
  );
  return (
    <RowButtonTip text={text}>
      {to !== undefined ? (
        <Link to={to} state={state} className={className} onClick={onClick} {...intent}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onClick} disabled={disabled} {...intent}>
          {content}
        </button>
      )}
    </RowButtonTip>
  );
}

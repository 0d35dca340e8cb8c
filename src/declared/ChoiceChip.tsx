// A choice shown as a chip (ChoiceField.tones, e.g. a certificate's status): its label as text on a tint of its
// tone, so the value reads without the colour. Dark text on a light tint keeps well above 4.5:1 contrast.
import Chip from '@mui/material/Chip';
import { useTranslate } from 'ra-core';
import type { ChoiceTone } from '../../contract/resources/declare';
import { choiceKey } from './texts';

const TINTS: Record<ChoiceTone, { bg: string; edge: string }> = {
  success: { bg: '#e2f3e5', edge: '#2e7d32' },
  warning: { bg: '#fdf1dc', edge: '#b26a00' },
  error: { bg: '#fbe3e3', edge: '#c62828' },
  info: { bg: '#e3e8f1', edge: '#3f5a8a' },
  default: { bg: '#eceff1', edge: '#607d8b' },
};

export function ChoiceChip({
  spa,
  field,
  value,
  tone,
  label,
}: {
  spa: string;
  field: string;
  value: unknown;
  tone: ChoiceTone | undefined;
  /** The word to show instead of the choice's label (a value the declaration has no choice for). */
  label?: string;
}) {
  const translate = useTranslate();
  if (typeof value !== 'string' || value === '') return null;
  const tint = TINTS[tone ?? 'default'];
  return (
    <Chip
      size="small"
      label={label ?? translate(choiceKey(spa, field, value), { _: value })}
      sx={{ bgcolor: tint.bg, color: '#1f2a3d', fontWeight: 600, borderLeft: `4px solid ${tint.edge}` }}
    />
  );
}

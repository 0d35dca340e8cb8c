// Chart colours: unit statuses keep a meaning across charts (let = green, maintenance = red);
// everything else takes the Olympus palette, navy and gold first.
import { BRAND } from '../../../layout/theme';

export const PALETTE = [
  BRAND.navy,
  BRAND.gold,
  '#4f7cac',
  '#7aa95c',
  '#c0603e',
  '#8e6fb5',
  '#3aa5a0',
  '#d08c2f',
  '#9aa5b1',
  '#5b6b82',
];

const STATUS_COLOURS: Record<string, string> = {
  let: '#2e7d32',
  'under offer': '#ed9c28',
  available: '#3f7fc1',
  maintenance: '#c62828',
  'not set': '#9aa5b1',
};

export const statusColour = (status: string, index: number) =>
  STATUS_COLOURS[status.toLowerCase()] ?? PALETTE[(index + 2) % PALETTE.length];

export const paletteColour = (index: number) => PALETTE[index % PALETTE.length];

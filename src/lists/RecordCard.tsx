// One record as a card on a phone (the list screens and the related-record tables of the edit screens):
// its title, the key columns as label/value lines, and the row's actions. A list of them is a <ul>.
import type { ReactNode } from 'react';
import { Alert, Box, Card, CardActions, CardContent, Typography } from '@mui/material';

export interface CardLine {
  key: string;
  /** Already translated. */
  label: string;
  value: ReactNode;
}

export interface RecordCardProps {
  title: ReactNode;
  /** The title's heading level: h2 under the page's h1, h3 inside a titled section. */
  titleAs?: 'h2' | 'h3';
  lines: readonly CardLine[];
  actions?: ReactNode;
  /** More below the lines (e.g. a disclosure of the record's details). */
  children?: ReactNode;
  /** Before the title: the card's selection checkbox (bulk changes). */
  select?: ReactNode;
  /** Why the last bulk change refused this record: the card is marked and says it. */
  refused?: string;
}

/** A long word (an email address) breaks rather than widening the page. */
const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

export function RecordCard({ title, titleAs = 'h2', lines, actions, children, select, refused }: RecordCardProps) {
  const heading = (
    <Typography component={titleAs} variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4, ...WRAP }}>
      {title}
    </Typography>
  );
  return (
    <Card component="li" variant="outlined" sx={refused ? { borderColor: 'error.main', borderWidth: 2 } : undefined}>
      <CardContent sx={{ pb: actions ? 1 : 2 }}>
        {select ? (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            {select}
            {heading}
          </Box>
        ) : (
          heading
        )}
        {refused && (
          <Alert severity="error" variant="outlined" sx={{ mt: 1, py: 0 }}>
            {refused}
          </Alert>
        )}
        {lines.length > 0 && (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(5.5rem, max-content) minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.75,
              m: 0,
              mt: 1,
            }}
          >
            {lines.map((line) => (
              <Box key={line.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {line.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, ...WRAP }}>
                  {line.value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {children}
      </CardContent>
      {actions && (
        <CardActions
          sx={{
            flexWrap: 'wrap',
            gap: 1,
            px: 1,
            pt: 0,
            pb: 1,
            '& > :not(style) ~ :not(style)': { ml: 0 },
            '&:empty': { display: 'none' },
          }}
        >
          {actions}
        </CardActions>
      )}
    </Card>
  );
}

const CARD_LIST_SX = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 } as const;

/** `className`: e.g. the dimming while the cards are being replaced (ListProgress). */
export function RecordCardList({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Box component="ul" aria-label={label} className={className} sx={CARD_LIST_SX}>
      {children}
    </Box>
  );
}

// One card section of a page (the account page, the user edit panels, the access review): a titled
// <section> with an optional action beside the title and an intro line, and the states of the data
// it shows while that data loads or fails.
import { useId, type ReactNode } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';

export interface PageSectionProps {
  title: ReactNode;
  /** Give it when the content must point at the title (a table's aria-labelledby). */
  titleId?: string;
  /** Beside the title from 600 px, below it on a phone. */
  action?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  /** Outside the content (a dialog). */
  after?: ReactNode;
}

export function PageSection({ title, titleId, action, intro, children, after }: PageSectionProps) {
  const ownId = useId();
  const id = titleId ?? ownId;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 1 }}
        >
          <Typography variant="h6" component="h2" id={id}>
            {title}
          </Typography>
          {action}
        </Stack>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
      {after}
    </Card>
  );
}

export interface LoadTexts {
  /** The spinner's accessible name. */
  loading: string;
  failed: string;
  /** With onRetry: the failure offers to load again. */
  retry?: string;
  onRetry?: () => void;
}

/** A spinner while the data loads, the failure (with a retry) when it did not come; null once it is there. */
export function loadState(query: { isPending: boolean; error: unknown; data: unknown }, texts: LoadTexts): ReactNode {
  if (query.isPending) return <CircularProgress size={24} aria-label={texts.loading} />;
  if (!query.error && query.data) return null;
  const { onRetry, retry } = texts;
  return (
    <Alert
      severity="error"
      action={
        onRetry && retry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {retry}
          </Button>
        ) : undefined
      }
    >
      {texts.failed}
    </Alert>
  );
}

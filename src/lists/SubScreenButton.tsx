// A list's button to one of its resource's own screens, /dashboard/{spa}/{screen} (the trash, the
// import: docs/resources.md), shown to whoever may do what that screen does (the server decides the same).
import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { Link } from 'react-router';
import { useBasename, useResourceContext, useTranslate } from 'ra-core';
import { useMayAct, type ListAction } from './useMayAct';

export function SubScreenButton({
  screen,
  action,
  icon,
  label,
}: {
  screen: string;
  action: ListAction;
  icon: ReactNode;
  label: string;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  const resource = useResourceContext() ?? '';
  if (!useMayAct(action)) return null;
  return (
    <Button component={Link} to={`${basename}/${resource}/${screen}`} startIcon={icon}>
      {translate(label)}
    </Button>
  );
}

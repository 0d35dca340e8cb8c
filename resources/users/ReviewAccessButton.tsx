// "Review access" on the users list: opens the access review, shown only to those the route guard
// lets in (contract/access.ts AREA.accessReview).
import { Button } from '@mui/material';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Link } from 'react-router';
import { useTranslate } from 'ra-core';
import { AREA, mayOpenArea } from '../../contract/access';
import { viewerOf } from '../../providers/authProvider';
import { useSessionUser } from '../../src/layout/useSessionUser';

export function ReviewAccessButton() {
  const translate = useTranslate();
  const user = useSessionUser();
  if (!mayOpenArea(AREA.accessReview, viewerOf(user))) return null;
  return (
    <Button variant="outlined" component={Link} to={AREA.accessReview.path} startIcon={<FactCheckOutlined />}>
      {translate('olympus.access_review.open')}
    </Button>
  );
}

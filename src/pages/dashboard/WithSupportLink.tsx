// Renders a translated sentence whose %{support} placeholder becomes a mailto link to support,
// so the sentence stays whole in the catalogue.
import { Fragment } from 'react';
import { Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { SUPPORT_EMAIL } from './support';

const MARK = '\u0000';

export function WithSupportLink({ messageKey }: { messageKey: string }) {
  const translate = useTranslate();
  const parts = translate(messageKey, { support: MARK }).split(MARK);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>}
        </Fragment>
      ))}
    </>
  );
}

// One group of server-defined fields (group, group_desc, fields) as a titled section.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { FormFieldGroup } from '../../contract/forms';
import { FieldInput, isWide } from './FieldInput';
import { fieldKey } from './fieldModel';
import { WhenShown } from './WhenShown';

export interface FieldGroupSectionProps {
  group: FormFieldGroup;
  /** Position of the group in the form: makes DOM ids unique even when fields share a name. */
  index: number;
  toggleAll?: boolean;
}

export function FieldGroupSection({ group, index, toggleAll }: FieldGroupSectionProps) {
  const titleId = `form-group-${index}`;
  return (
    <FormSection title={group.group} description={group.group_desc} titleId={titleId}>
      {(group.fields ?? []).map((field, i) => {
        // data-form-key lets the form find (and scroll to) the first field with an error.
        const box = (
          <Box
            key={`${field.name}-${i}`}
            data-form-key={fieldKey(field.name)}
            sx={{ gridColumn: isWide(field) ? '1 / -1' : undefined }}
          >
            <FieldInput field={field} id={`field-${index}-${i}`} toggleAll={toggleAll} groupTitle={group.group} />
          </Box>
        );
        return field.when ? (
          <WhenShown key={`${field.name}-${i}`} field={field}>
            {box}
          </WhenShown>
        ) : (
          box
        );
      })}
    </FormSection>
  );
}

export interface FormSectionProps {
  title?: string;
  description?: string;
  titleId: string;
  children: ReactNode;
}

/** A titled card with a two-column grid of inputs; also used by screens' own sections. */
export function FormSection({ title, description, titleId, children }: FormSectionProps) {
  return (
    <Card component="section" variant="outlined" aria-labelledby={title ? titleId : undefined}>
      <CardContent>
        {title && (
          <Typography variant="h6" component="h2" id={titleId}>
            {title}
          </Typography>
        )}
        {description && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            mt: title || description ? 2 : 0,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

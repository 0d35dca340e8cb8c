// The role edit screen's permissions (SPEC §2): one box per group, each permission a checkbox with its
// label and its name as help. Ticking a wildcard (users.*) ticks or clears every permission of its
// prefix. Part of the role form: the ticked names are its `permissions` value.
import { useId, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Permission } from '../../contract/types';
import { FormSection } from '../../src/forms/FieldGroupSection';
import { toggleValue, type FormValues } from '../../src/forms/fieldModel';
import { groupPermissions } from './permissionGroups';

export const PERMISSIONS = 'permissions';

export function PermissionGroups({ catalogue }: { catalogue: readonly Permission[] }) {
  const translate = useTranslate();
  const { field: input, fieldState } = useController<FormValues>({ name: PERMISSIONS });
  const value = Array.isArray(input.value) ? input.value : [];
  const all = useMemo(() => catalogue.map((p) => p.name), [catalogue]);
  const groups = useMemo(() => groupPermissions(catalogue), [catalogue]);
  const baseId = useId();
  return (
    <Box data-form-key={PERMISSIONS}>
      <FormSection title={translate('olympus.forms.role.permissions')} description={translate('olympus.forms.role.permissions_desc')} titleId={`${baseId}-title`}>
        {groups.map((group) => (
          <FormControl key={group.prefix} component="fieldset" variant="standard">
            <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              {group.title}
            </FormLabel>
            <FormGroup>
              {group.permissions.map((p) => {
                const helpId = `${baseId}-${p.name}`;
                return (
                  <Box key={p.name} sx={{ mb: 0.5 }}>
                    <FormControlLabel
                      label={p.label}
                      control={
                        <Checkbox
                          name={PERMISSIONS}
                          value={p.name}
                          checked={value.includes(p.name)}
                          onChange={(_, checked) => input.onChange(toggleValue(value, p.name, checked, all))}
                          onBlur={input.onBlur}
                          slotProps={{ input: { 'aria-describedby': helpId } }}
                        />
                      }
                    />
                    <FormHelperText id={helpId} sx={{ mt: -0.75, ml: 4 }}>
                      {p.name}
                    </FormHelperText>
                  </Box>
                );
              })}
            </FormGroup>
          </FormControl>
        ))}
        {fieldState.error?.message && (
          <FormHelperText error sx={{ gridColumn: '1 / -1' }}>
            {fieldState.error.message}
          </FormHelperText>
        )}
      </FormSection>
    </Box>
  );
}

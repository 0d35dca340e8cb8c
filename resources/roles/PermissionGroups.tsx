// The role edit screen's permissions: one box per group, each permission a checkbox with its
// label and its name as help. Ticking a wildcard (users.*) ticks every permission of its prefix, as
// before; while it is ticked those show ticked and locked, "included in users.*". Unticking it gives
// them back the state they had before it was ticked (as stored, for a wildcard stored ticked) rather
// than clearing them. Part of the role form: the ticked names are its `permissions` value, sent as is.
import { useId, useMemo, useRef } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Permission } from '../../contract/types';
import { FormSection } from '../../src/forms/FieldGroupSection';
import { toggleValue, type FormValues } from '../../src/forms/fieldModel';
import { coveringWildcard, groupPermissions, isWildcard, wildcardCovers } from './permissionGroups';

const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const PERMISSIONS = 'permissions';

export function PermissionGroups({ catalogue }: { catalogue: readonly Permission[] }) {
  const translate = useTranslate();
  const { field: input, fieldState } = useController<FormValues>({ name: PERMISSIONS });
  const value = Array.isArray(input.value) ? input.value : [];
  const all = useMemo(() => catalogue.map((p) => p.name), [catalogue]);
  const groups = useMemo(() => groupPermissions(catalogue), [catalogue]);
  const baseId = useId();
  const { defaultValues } = useFormState<FormValues>({ name: PERMISSIONS });
  const stored = names(defaultValues?.[PERMISSIONS]);
  // What the wildcard's permissions were when it was ticked here, to give them back when it is unticked.
  const before = useRef(new Map<string, string[]>());

  const toggle = (name: string, checked: boolean) => {
    if (!isWildcard(name)) return input.onChange(toggleValue(value, name, checked, all));
    if (checked) {
      before.current.set(
        name,
        value.filter((v) => wildcardCovers(name, v)),
      );
      return input.onChange(toggleValue(value, name, true, all));
    }
    const restored = before.current.get(name) ?? stored.filter((v) => wildcardCovers(name, v));
    before.current.delete(name);
    const cleared = toggleValue(value, name, false, all);
    input.onChange(restored.reduce((next, v) => toggleValue(next, v, true, all), cleared));
  };
  return (
    <Box data-form-key={PERMISSIONS}>
      <FormSection
        title={translate('olympus.forms.role.permissions')}
        description={translate('olympus.forms.role.permissions_desc')}
        titleId={`${baseId}-title`}
      >
        {groups.map((group) => (
          <FormControl key={group.prefix} component="fieldset" variant="standard">
            <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              {group.title}
            </FormLabel>
            <FormGroup>
              {group.permissions.map((p) => {
                const helpId = `${baseId}-${p.name}`;
                const hintId = `${helpId}-included`;
                const cover = coveringWildcard(value, p.name);
                return (
                  <Box key={p.name} sx={{ mb: 0.5 }}>
                    <FormControlLabel
                      label={p.label}
                      // Locked by a wildcard, the label stays readable (AA contrast), not greyed out.
                      sx={{ '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.secondary' } }}
                      control={
                        <Checkbox
                          name={PERMISSIONS}
                          value={p.name}
                          checked={!!cover || value.includes(p.name)}
                          disabled={!!cover}
                          onChange={(_, checked) => toggle(p.name, checked)}
                          onBlur={input.onBlur}
                          slotProps={{ input: { 'aria-describedby': cover ? `${helpId} ${hintId}` : helpId } }}
                        />
                      }
                    />
                    <FormHelperText id={helpId} sx={{ mt: -0.75, ml: 4 }}>
                      {p.name}
                    </FormHelperText>
                    {cover && (
                      <FormHelperText id={hintId} sx={{ mt: 0, ml: 4 }}>
                        {translate('olympus.forms.role.included_in', { wildcard: cover })}
                      </FormHelperText>
                    )}
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

// The company dropdown: the current company lives in the persisted auth state (it becomes the
// X-Tenant header); changing it reloads the page so every view refetches for the new company.
import { useId } from 'react';
import { FormControl, InputLabel, MenuItem, Select, type SelectChangeEvent } from '@mui/material';
import { useTranslate } from 'ra-core';
import { authStore, useStoreState } from '../../providers/store';
import { useSessionUser } from './useSessionUser';

export function CompanySelect() {
  const translate = useTranslate();
  const id = useId();
  const companies = useSessionUser()?.companies ?? [];
  const current = useStoreState(authStore, (s) => s.currentCompany);
  if (companies.length === 0) return null;

  const onChange = (e: SelectChangeEvent<string>) => {
    const company = companies.find((c) => c.uuid === e.target.value);
    if (!company || company.uuid === current) return;
    authStore.set({ currentCompany: company.uuid, currentCompanyName: company.name });
    window.location.reload();
  };

  return (
    <FormControl
      variant="outlined"
      size="small"
      margin="none"
      fullWidth={false}
      sx={{ minWidth: { xs: 110, sm: 180 }, maxWidth: { xs: 150, sm: 280 } }}
    >
      <InputLabel id={`${id}-label`}>{translate('olympus.header.company')}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={translate('olympus.header.company')}
        value={current ?? ''}
        onChange={onChange}
      >
        {companies.map((c) => (
          <MenuItem key={c.uuid} value={c.uuid}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

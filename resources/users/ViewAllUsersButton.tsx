// "View All Users": super_admin only; switches the list to GET /users?all=true (every
// company's users) and back to the current company's.
import { Button } from '@mui/material';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { useTranslate } from 'ra-core';
import { SUPER_ADMIN } from '../../contract/roles';
import { useSessionUser } from '../../src/layout/useSessionUser';
import { useListPaging } from '../../src/lists';

export function useIsSuperAdmin(): boolean {
  return useSessionUser()?.olympusRole?.name === SUPER_ADMIN;
}

export function ViewAllUsersButton({ all, onChange }: { all: boolean; onChange: (all: boolean) => void }) {
  const translate = useTranslate();
  const { resetPage } = useListPaging();
  return (
    <Button
      variant="outlined"
      startIcon={<GroupsOutlined />}
      onClick={() => {
        resetPage();
        onChange(!all);
      }}
    >
      {translate(all ? 'olympus.lists.users.view_company' : 'olympus.lists.users.view_all')}
    </Button>
  );
}

// After a restore the edit screen shows the record afresh: react-admin's cached copies of the
// resource and the loaded forms are dropped and the screen is mounted again under a new key (a form keeps its first
// values otherwise).
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** The key suffix of the screen, and what the History panel calls after a restore. */
export function useReloadAfterRestore(resource: string): [number, () => void] {
  const queryClient = useQueryClient();
  const [revision, setRevision] = useState(0);
  const reload = useCallback(() => {
    queryClient.removeQueries({ queryKey: [resource] });
    // The server's form with its values (src/forms/useFormDefinition.ts), kept for the visit.
    queryClient.removeQueries({ queryKey: ['olympus.form'] });
    setRevision((r) => r + 1);
  }, [queryClient, resource]);
  return [revision, reload];
}

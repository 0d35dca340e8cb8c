// The refused rows of the last bulk change (docs/resources.md "Bulk changes"), by id: their reason,
// marked beside them on the table and the phone's cards. Its own module: the bulk dialogs, loaded only
// once one opens, set it; the list reads it from its first render.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Identifier } from 'ra-core';

const FailuresContext = createContext<{
  failures: ReadonlyMap<Identifier, string>;
  setFailures: (f: ReadonlyMap<Identifier, string>) => void;
}>({
  failures: new Map(),
  setFailures: () => {},
});
export const useBulkFailures = () => useContext(FailuresContext).failures;
export const useSetBulkFailures = () => useContext(FailuresContext).setFailures;

export function BulkFailuresProvider({ children }: { children: ReactNode }) {
  const [failures, setFailures] = useState<ReadonlyMap<Identifier, string>>(new Map());
  const value = useMemo(() => ({ failures, setFailures }), [failures]);
  return <FailuresContext.Provider value={value}>{children}</FailuresContext.Provider>;
}

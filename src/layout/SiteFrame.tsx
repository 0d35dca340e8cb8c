// The persisted isLoadingSite flag decides whether the loading screen or the routed view
// shows. The routed view stays mounted (hidden) so the route guard deciding it keeps running.
import type { ReactNode } from 'react';
import { uiStore, useStoreState } from '../../providers/store';
import LoadingScreen from '../pages/LoadingScreen';

export function SiteFrame({ children }: { children: ReactNode }) {
  const isLoadingSite = useStoreState(uiStore, (s) => s.isLoadingSite);
  const loadingText = useStoreState(uiStore, (s) => s.loadingText);
  return (
    <>
      {isLoadingSite && <LoadingScreen text={loadingText} />}
      <div hidden={isLoadingSite}>{children}</div>
    </>
  );
}

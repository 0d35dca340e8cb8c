// The admin frame: react-admin's Layout with our header and navigation, plus a fixed footer.
import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Layout, Sidebar, useSidebarState, type SidebarProps } from 'react-admin';
import { viewerOf } from '../../providers/authProvider';
import { Footer, FOOTER_HEIGHT } from './Footer';
import { Header, HEADER_HEIGHT } from './Header';
import { visibleNavItems } from './navItems';
import { Navigation } from './Navigation';
import { useSessionUser } from './useSessionUser';

/** The access table may leave a user no navigation item (system_user): then no empty sidebar either. */
function useHasNavigation(): boolean {
  return visibleNavItems(viewerOf(useSessionUser())).length > 0;
}

/**
 * react-admin's sidebar, kept closed for the one render in which the window has just narrowed to a phone's
 * width: its stored open state follows the width one render late, so that render opened the phone's drawer
 * with the desktop's "open", and the drawer, closed at once, stayed mounted and left the page aria-hidden.
 */
function OlympusSidebar(props: SidebarProps) {
  const hasNavigation = useHasNavigation();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const wasXSmall = useRef(isXSmall);
  useEffect(() => {
    wasXSmall.current = isXSmall;
  });
  const [open] = useSidebarState();
  if (!hasNavigation) return null;
  return <Sidebar {...props} open={open && (!isXSmall || wasXSmall.current)} />;
}

export function OlympusLayout({ children }: { children: ReactNode }) {
  const hasNavigation = useHasNavigation();
  return (
    <>
      <Layout
        appBar={Header}
        appBarAlwaysOn
        menu={Navigation}
        sidebar={OlympusSidebar}
        sx={{
          ...(hasNavigation ? {} : { '& .RaAppBar-menuButton': { display: 'none' } }),
          // The root is min-height 100vh: keep the fixed header's and footer's room inside it, or every
          // page is taller than the window and always scrolls.
          boxSizing: 'border-box',
          pt: `${HEADER_HEIGHT + 1}px`,
          pb: `${FOOTER_HEIGHT}px`,
          // react-admin's frame grows to fit its widest content (min-width: fit-content): a wide table then
          // widened the whole page, header and filters included, past the window. The frame keeps to the
          // window instead, and a wide table scrolls inside its own box (the theme's RaDataTable).
          minWidth: 0,
          '& .RaLayout-appFrame': { mt: 0 },
          '& .RaLayout-content': { px: { xs: 1, sm: 3 }, py: 3, minWidth: 0 },
        }}
      >
        {children}
      </Layout>
      <Footer />
    </>
  );
}

// The admin frame: react-admin's layout with our header and navigation, plus a fixed footer.
import { Suspense, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { styled, useMediaQuery, type Theme } from '@mui/material';
import { ErrorBoundary } from 'react-error-boundary';
import {
  Error as ErrorPage,
  LayoutClasses,
  Loading,
  Sidebar,
  SkipNavigationButton,
  useSidebarState,
  type SidebarProps,
} from 'react-admin';
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

/** A page that fails to render shows react-admin's error page in the content; the frame stays. */
function ContentBoundary({ children }: { children: ReactNode }) {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo>();
  return (
    <ErrorBoundary
      onError={(_error, info) => setErrorInfo(info)}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
      )}
    >
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * The frame's boxes with react-admin's Layout class names (RaLayout-appFrame, -contentWithSidebar, -content),
 * so its theme overrides still apply. The root keeps the fixed header's and footer's room inside its
 * min-height of 100vh, or every page would be taller than the window and always scroll. It keeps to the
 * window's width (react-admin's grows to fit its widest content, `min-width: fit-content`, so a wide table
 * widened the whole page past the window): a wide table scrolls inside its own box (the theme's RaDataTable).
 */
const Frame = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars ?? theme).palette.background.default,
  position: 'relative',
  width: '100%',
  minWidth: 0,
  boxSizing: 'border-box',
  paddingTop: HEADER_HEIGHT + 1,
  paddingBottom: FOOTER_HEIGHT,
  [`& .${LayoutClasses.appFrame}`]: { display: 'flex', flexDirection: 'column', flexGrow: 1 },
  [`& .${LayoutClasses.contentWithSidebar}`]: { display: 'flex', flexGrow: 1 },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars ?? theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    padding: theme.spacing(3, 1),
    [theme.breakpoints.up('sm')]: { padding: theme.spacing(3) },
  },
}));

/** Without navigation items there is no sidebar to open. */
const NO_MENU_BUTTON = { '& .RaAppBar-menuButton': { display: 'none' } } as const;

/**
 * The admin's frame: react-admin's Layout as its documentation builds one (skip link, app bar, sidebar with
 * the navigation, the content in an error boundary and a suspense boundary), with our header and navigation
 * and a fixed footer. Without react-admin's preferences Inspector, which the app does not offer: every
 * render it read the page's width, a forced layout of the whole page before the first list's rows.
 */
export function OlympusLayout({ children }: { children: ReactNode }) {
  const hasNavigation = useHasNavigation();
  return (
    <>
      <Frame className="layout" sx={hasNavigation ? undefined : NO_MENU_BUTTON}>
        <SkipNavigationButton />
        <div className={LayoutClasses.appFrame}>
          <Header />
          <main className={LayoutClasses.contentWithSidebar}>
            <OlympusSidebar appBarAlwaysOn>
              <Navigation />
            </OlympusSidebar>
            <div id="main-content" className={LayoutClasses.content}>
              <ContentBoundary>{children}</ContentBoundary>
            </div>
          </main>
        </div>
      </Frame>
      <Footer />
    </>
  );
}

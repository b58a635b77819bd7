import { Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { SCREENS } from '../shared/screens.ts';
import { AppShell, ENTRY_SCREENS } from './app-shell.tsx';
import NotFoundPage from './pages/not-found/not-found-page.tsx';
import { lazyScreenOf } from './screens/lazy-screens.ts';
import { TakeOver } from './screens/take-over.tsx';
import { MemberOnly } from './session/route-guards.tsx';
import { Spinner } from './ui/spinner.tsx';

/** One route per path of the table of screens (shared/screens.ts), in its order; the other screens come in two chunks (client/screens/). */
const SCREEN_ROUTES = SCREENS.flatMap((screen) => {
  const Screen: ComponentType = screen.group === 'entry' ? ENTRY_SCREENS[screen.component] : lazyScreenOf(screen);
  const element =
    'memberOnly' in screen ? (
      <MemberOnly>
        <Screen />
      </MemberOnly>
    ) : (
      <Screen />
    );
  return screen.paths.map((path) => ({ path, element }));
});

/**
 * Screens under '/{lang}/'; '/{lang}' alone goes to login with its query string, any other
 * path is not found (the server answers it 404). Member-only screens send a visitor who is
 * not signed in to login. A route renders its screen without props: screens read their params
 * with wouter's hooks.
 */
function PageRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <TakeOver>
        <Switch>
          {SCREEN_ROUTES.map(({ path, element }) => (
            <Route key={path} path={path}>
              {element}
            </Route>
          ))}
          <Route path="/">
            <Redirect to={`/login${window.location.search}`} replace />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </TakeOver>
    </Suspense>
  );
}

/** The app: its frame (app-shell.tsx) around the screens of the table. */
export function AppRoutes() {
  return <AppShell pages={<PageRoutes />} />;
}

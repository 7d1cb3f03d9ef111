/**
 * The view's address in the browser's history: each change of view adds an entry (or replaces
 * the current one, for a change that is not a step of its own, such as closing a tab), and Back,
 * Forward or a followed link hand the address they land on back to the workspace.
 */
import { useEffect, useRef } from 'react';
import { parseRoute, routeHash, routeTitle, type Route } from './deep-link';

export type Navigation = 'push' | 'replace';

export function useRouteHistory(
  route: Route,
  navigation: Navigation,
  onNavigate: (route: Route) => void,
): void {
  const hash = routeHash(route);
  const title = routeTitle(route);
  useEffect(() => {
    if (window.location.hash === hash) return;
    const url = `${window.location.pathname}${window.location.search}${hash}`;
    if (navigation === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    // Only a new address writes history; `navigation` says how, and is read with it.
  }, [hash]);
  useEffect(() => {
    // After the entry is written, so the title is the new entry's, not the one left behind.
    document.title = title;
  }, [title]);

  // Read through a ref, so the listener is added once.
  const listener = useRef(onNavigate);
  listener.current = onNavigate;
  useEffect(() => {
    // popstate comes for Back and Forward and for a hash changed by a link or the address bar;
    // pushState and replaceState (above) raise none, so the workspace's own moves do not echo.
    const onPop = () => {
      const next = parseRoute(window.location.hash);
      if (next) listener.current(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
}

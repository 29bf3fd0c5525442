/**
 * Focus moved at the commit of the render that shows its target, before the paint: a key or switch
 * press that comes the moment a view opens or closes lands where the focus was put, never on the
 * page's body or on what the view replaced (a `requestAnimationFrame` or `useEffect` moves it a
 * frame later, after such a press).
 */
import { useCallback, useLayoutEffect, useState } from 'preact/hooks';

/** Where the focus goes, looked up once the render is committed (the element may only appear in it). */
export type FocusTarget = () => HTMLElement | null | undefined;

/** Returns the function that asks for the move; it renders again, and the move is made at that commit. */
export function useFocusAtCommit(): (target: FocusTarget) => void {
  // A fresh object for each request, so that asking twice for the same element moves it twice.
  const [request, setRequest] = useState<{ readonly target: FocusTarget } | undefined>();
  useLayoutEffect(() => {
    request?.target()?.focus();
  }, [request]);
  return useCallback((target: FocusTarget) => setRequest({ target }), []);
}

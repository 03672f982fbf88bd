import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * An earlier address of a page that moved (an article whose slug was edited, a tag renamed or merged):
 * the API answers with the current one, `to`, and the page moves there with its query and fragment,
 * replacing the old address in the history as the server's 301 would. Null: the page is where it is.
 */
export function useMovedAddress(to: string | null): void {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (to) navigate(`${to}${search}${hash}`, { replace: true });
  }, [to, navigate, search, hash]);
}

import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { applyHeadTags, collectHeadTags, type HeadMatch } from "../lib/head";

const selectHeadMatches = (state: { matches: ReadonlyArray<HeadMatch> }): HeadMatch[] =>
  state.matches.map(({ meta, links, headScripts, _notFound }) => ({ meta, links, headScripts, _notFound }));

/**
 * Keeps `document.head` in line with the current routes' `head()` data on
 * the client. The server writes the same tags into the HTML (entry-server),
 * so this renders nothing and only acts after navigation.
 */
export function HeadManager() {
  const matches = useRouterState({ select: selectHeadMatches });
  useEffect(() => {
    applyHeadTags(document, collectHeadTags(matches));
  }, [matches]);
  return null;
}

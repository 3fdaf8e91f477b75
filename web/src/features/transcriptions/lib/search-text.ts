import { atom } from "jotai";

/** The words in the list's search box: kept while the user opens a hit and comes back. */
export const searchTextAtom = atom("");

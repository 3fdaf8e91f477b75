import { getDefaultStore } from "jotai";

/**
 * Client state that lives outside React (uploads keep going while pages change) is kept in jotai atoms. The app
 * renders no jotai Provider, so components (`useAtomValue(atom, { store: appStore })`) and plain modules
 * (`appStore.get/set/sub`) share this one store.
 */
export const appStore = getDefaultStore();

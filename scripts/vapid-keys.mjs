// Prints a new VAPID key pair for browser notifications, to set as the production secrets VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY (docs/deploying.md#set-up-browser-notifications). Locally the start command makes its own.
import { makeVapidKeys } from "./lib/vapid.mjs";

const keys = await makeVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${keys.VAPID_PUBLIC_KEY}\nVAPID_PRIVATE_KEY=${keys.VAPID_PRIVATE_KEY}`);

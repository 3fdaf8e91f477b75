// The push area's public entry: browser notifications through Web Push (VAPID, RFC 8291 encryption), the
// subscriptions browsers hand in, and the queued message that tells them a run ended.
export { deliverPush, type PushOutcome } from "./deliver";
export { queuePush } from "./queue";
export { pushRoutes } from "./routes";

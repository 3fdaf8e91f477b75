export { deliverWebhook } from "./deliver";
export { announce, FINISHED, fanOut } from "./events";
export { pruneOldDeliveries } from "./retention";
export { webhookRoutes } from "./routes";

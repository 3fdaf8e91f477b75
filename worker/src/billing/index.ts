// The billing area's public entry: what the app and other areas may use of it; the rest is its own.
export { billingRoutes } from "./routes";
export { paymentsFor, pricesFor } from "./stripe-client";

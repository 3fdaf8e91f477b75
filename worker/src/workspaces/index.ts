export { invitationRoutes, moveRoutes, workspaceRoutes } from "./routes";

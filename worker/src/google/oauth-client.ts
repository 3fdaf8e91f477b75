import { GOOGLE_CALLBACK_PATH } from "@verbatim/shared";
import { OAuth2Client } from "arctic";
import type { GoogleConfig } from "./config";

/** arctic's OAuth 2.0 client with Google's endpoints taken from the configuration (not hard-coded). */
export function oauthClient(config: GoogleConfig, origin: string) {
  return new OAuth2Client(config.clientId, config.clientSecret, `${origin}${GOOGLE_CALLBACK_PATH}`);
}

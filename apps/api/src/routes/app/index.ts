import type { AppHandlers } from "../../http/app-router.js";
import { deviceAuthorizationHandlers } from "./device-authorizations.js";
import { memberHandlers } from "./members.js";
import { oauthAppHandlers } from "./oauth-apps.js";
import { personalAccessTokenHandlers } from "./personal-access-tokens.js";
import { sessionHandlers } from "./session.js";

/** The application's operations (spec/app), by operationId. */
export const appHandlers: AppHandlers = {
  ...sessionHandlers,
  ...memberHandlers,
  ...personalAccessTokenHandlers,
  ...oauthAppHandlers,
  ...deviceAuthorizationHandlers,
};

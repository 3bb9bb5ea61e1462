// Generated from spec/ by packages/contract/scripts/generate.mjs. Do not edit.
export interface paths {
    "/app/api/audit_log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log
         * @description The account's security-relevant actions, newest first: sign-ins, API keys created, rotated and
         *     revoked, members invited, removed and their roles changed, webhook secrets rotated and the
         *     business profile changed, each with who did it (a member or an API key) and when.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/authorized_apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the apps that hold access to the account
         * @description Every grant still in force in the session's account: which app, approved by which member, in
         *     which mode, with what scopes, since when. Revoking one ends its access and refresh tokens.
         */
        get: operations["listAuthorizedApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/authorized_apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an app's access
         * @description Ends a grant: its access and refresh tokens stop working at once on this node and within 5
         *     seconds on every other. A member revokes the grants they approved; owners and admins
         *     (`members:write`) any grant of the account.
         */
        delete: operations["revokeAuthorizedApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/device_authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up a device's sign-in by its user code
         * @description The device authorization grant (RFC 8628), for `pnpm bahi login` and apps on devices without a
         *     browser: the device shows a user code (`BCDF-GHJK`, 8 of the letters `BCDFGHJKLMNPQRSTVWXZ`,
         *     USER_CODE_LENGTH, USER_CODE_ALPHABET) that the member types at `/app/device`. This finds the
         *     request waiting for it: the app and the scopes it asks for. Case, the dash and spaces do not
         *     matter. A code that is wrong, expired (after 600 seconds, DEVICE_CODE_LIFETIME_SECONDS) or
         *     already answered is 404 `unknown_user_code`; after 10 wrong codes within 15 minutes
         *     (USER_CODE_FAILURES_PER_MEMBER, USER_CODE_WINDOW_MINUTES) the member gets 429
         *     `user_code_throttled` with `Retry-After`, whatever the code.
         */
        get: operations["readDeviceAuthorization"];
        put?: never;
        /**
         * Approve or deny a device's sign-in
         * @description The member's answer to the request waiting for a user code, once: the code cannot be answered
         *     again. Approving names the business account (one the member belongs to) and the mode; the
         *     device's next poll of `/oauth/token` then gets tokens acting as the member there, with the
         *     scopes asked for. A scope the member's role does not allow in that account is 403
         *     `scope_beyond_role`, and nothing is answered. Denying makes the device's polls answer
         *     `access_denied`. Wrong codes count as in the lookup above.
         */
        post: operations["answerDeviceAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite someone
         * @description Emails a link (through `BAHI_SMTP_URL`; without it, the link is written to the log) that lets the
         *     person join the account with the role, valid 7 days (INVITATION_LIFETIME_DAYS).
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description Joins the account with the invitation's token. A new person sets a name and password; someone
         *     who is already a member of another account must send their current password instead. Starts a session.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's members
         * @description Every member of the session's account with their role, and the pending invitations.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemberId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from the account
         * @description Ends the member's sessions in this account. The last owner cannot be removed.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Only an owner may make an owner or change an owner's role; the last owner stays an owner.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/app/api/oauth_apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's OAuth apps
         * @description The apps registered by members of the session's account (never their secrets).
         */
        get: operations["listOAuthApps"];
        put?: never;
        /**
         * Register an OAuth app
         * @description An app that asks members of any account for access with the authorization code grant and PKCE
         *     (S256), at `/app/oauth/authorize`, and takes its tokens at `/oauth/token`. Its redirect URIs
         *     are matched exactly; each is `https`, or `http` on a loopback address (RFC 8252). A
         *     confidential app gets a `client_secret`, shown only in this answer and kept as a SHA-256; a
         *     public app (a command-line tool, a single-page app) has none and relies on PKCE alone.
         */
        post: operations["createOAuthApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/password_resets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset
         * @description Emails a reset link, valid 1 hour (RESET_LINK_LIFETIME_MINUTES), when the email is a member's.
         *     The answer is the same either way, so it says nothing about who is a member.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/password_resets/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link's token
         * @description Sets the password and ends every session of the member.
         */
        post: operations["completePasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/personal_access_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your personal access tokens
         * @description The signed-in member's tokens in the session's account, newest first, revoked and expired ones included.
         */
        get: operations["listPersonalAccessTokens"];
        put?: never;
        /**
         * Make a personal access token
         * @description A token for the session's account, in test or live mode (`livemode`, else the session's), that
         *     calls `/v1` as `Authorization: Bearer bahi_pat_…` and acts as the member: the audit log names
         *     the member. Its `scopes` must be among the member's role's (else 403 `scope_escalation`) and
         *     be scopes of `/v1` (else 422 `unknown_scope`). At each request it may do only what both its
         *     scopes and the member's current role allow, and it stops working when the member leaves the
         *     account. It expires after `expires_in_days`, at most 365 (MAX_PERSONAL_ACCESS_TOKEN_DAYS). The
         *     token is shown only in this answer; Bahi keeps its SHA-256.
         */
        post: operations["createPersonalAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/personal_access_tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a personal access token
         * @description The token stops working at once on this node and within 5 seconds on every other.
         */
        delete: operations["revokePersonalAccessToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the session
         * @description The signed-in member, the account and mode of the session, the role and the CSRF token.
         */
        get: operations["readSession"];
        put?: never;
        /**
         * Sign in
         * @description Checks the email and password and starts a session (the cookie). When the member has two-factor
         *     sign-in on, the session answered has `second_factor_pending` true and can only complete the
         *     sign-in with `POST /app/api/session/second_factor`.
         */
        post: operations["signIn"];
        /**
         * Sign out
         * @description Ends this session and clears the cookie.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        /**
         * Switch account or mode
         * @description Works in another of the member's accounts, or in the other mode (test or live).
         */
        patch: operations["updateSession"];
        trace?: never;
    };
    "/app/api/session/revoke_all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the member, this one included.
         */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/session/second_factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a sign-in with a TOTP or recovery code
         * @description Completes a sign-in whose session has `second_factor_pending`: a new session token replaces it.
         *     A recovery code works once.
         */
        post: operations["completeSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sign_in_links/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a one-time link
         * @description Starts a session from a one-time sign-in link (the demo owner's, printed by `npm start`), valid
         *     24 hours (SIGN_IN_LINK_LIFETIME_HOURS) and once.
         */
        post: operations["redeemSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor sign-in
         * @description A new TOTP secret, to add to an authenticator app; it takes effect when confirmed.
         */
        post: operations["startTotp"];
        /**
         * Turn two-factor sign-in off
         * @description Needs a current code; the recovery codes are dropped.
         */
        delete: operations["disableTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm two-factor sign-in
         * @description Turns two-factor sign-in on with a first code from the authenticator, and answers 10 recovery
         *     codes (RECOVERY_CODE_COUNT), shown once.
         */
        post: operations["confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AuditEntry: {
            /** @enum {string} */
            action: "member.signed_in" | "member.sign_in_failed" | "member.signed_out_everywhere" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "member.password_reset" | "member.totp_enabled" | "member.totp_disabled" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook.secret_rotated" | "account.updated" | "personal_access_token.created" | "personal_access_token.revoked";
            actor: {
                /** @description The OAuth app (its `client_id`) that acted for the member with an access token. */
                app_id?: string | null;
                email?: string | null;
                id: string | null;
                /** @enum {string} */
                type: "member" | "api_key" | "operator";
            };
            address: string | null;
            created_at: components["schemas"]["Timestamp"];
            /** @description What changed, e.g. a role's `from` and `to`. */
            details: {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean | null;
            /** @constant */
            object: "audit_entry";
            target_id: string | null;
        };
        AuditEntryList: {
            data: components["schemas"]["AuditEntry"][];
            has_more: boolean;
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        AuthorizedApp: {
            app_id: string;
            app_name: string;
            created_at: components["schemas"]["Timestamp"];
            /** @description The grant. */
            id: string;
            livemode: boolean;
            /** @description Who approved it. */
            member_id: string;
            /** @constant */
            object: "authorized_app";
            scopes: components["schemas"]["Scope"][];
        };
        AuthorizedAppList: {
            data: components["schemas"]["AuthorizedApp"][];
            /** @constant */
            object: "list";
        };
        DeviceAuthorization: {
            app_name: string;
            client_id: string;
            expires_at: components["schemas"]["Timestamp"];
            /** @constant */
            object: "device_authorization";
            scopes: components["schemas"]["Scope"][];
            /** @enum {string} */
            status: "pending" | "approved" | "denied";
            user_code: string;
        };
        DeviceAuthorizationAnswer: {
            /** @description Required to approve; the business account the device acts for. */
            account_id?: string;
            allowed: boolean;
            /**
             * @description Live mode (the real books) rather than test mode.
             * @default false
             */
            livemode?: boolean;
            user_code: string;
        };
        /** Format: email */
        Email: string;
        /** @description One bad field of a request. */
        FieldError: {
            /**
             * @description Machine-readable reason, e.g. `required`, `type`, `pattern`, `unknown_field`, `minimum`, `nul_character`, `invalid_gstin`.
             * @example minimum
             */
            code: string;
            /**
             * @description The reason for people.
             * @example must be greater than 0
             */
            message: string;
            /**
             * @description JSON Pointer (RFC 6901) to the field: into the body (`/items/0/qty`), or, for query, path and
             *     header parameters, `/query/limit`, `/path/id` or `/header/idempotency-key`. An empty string
             *     names the whole body.
             * @example /items/0/qty
             */
            pointer: string;
        };
        Invitation: {
            created_at: components["schemas"]["Timestamp"];
            email: string;
            expires_at: components["schemas"]["Timestamp"];
            id: string;
            /** @constant */
            object: "invitation";
            role: components["schemas"]["Role"];
        };
        InvitationAccept: {
            name?: string;
            password: components["schemas"]["Password"];
            token: components["schemas"]["LinkToken"];
        };
        InvitationCreate: {
            email: components["schemas"]["Email"];
            role: components["schemas"]["Role"];
        };
        /** @description The token of an emailed link. */
        LinkToken: string;
        Member: {
            created_at: components["schemas"]["Timestamp"];
            email: string;
            id: string;
            name: string | null;
            /** @constant */
            object: "member";
            role: components["schemas"]["Role"];
            totp_enabled: boolean;
        };
        MemberList: {
            data: components["schemas"]["Member"][];
            invitations: components["schemas"]["Invitation"][];
            /** @constant */
            object: "list";
        };
        MemberProfile: {
            email: string;
            id: string;
            name: string | null;
            totp_enabled: boolean;
        };
        MemberUpdate: {
            role: components["schemas"]["Role"];
        };
        OAuthApp: {
            client_id: string;
            confidential: boolean;
            created_at: components["schemas"]["Timestamp"];
            id: string;
            name: string;
            /** @constant */
            object: "oauth_app";
            redirect_uris: string[];
        };
        OAuthAppCreate: {
            /** @description Whether the app keeps a secret (a server), or cannot (a CLI, a browser app). */
            confidential: boolean;
            /**
             * @description Shown to members on the consent page.
             * @example ShopSync for Bahi
             */
            name: string;
            /**
             * @example [
             *       "https://shopsync.example/bahi/callback"
             *     ]
             */
            redirect_uris: string[];
        };
        OAuthAppList: {
            data: components["schemas"]["OAuthApp"][];
            /** @constant */
            object: "list";
        };
        /** @description A new app; `client_secret` (`bahi_cs_` and 43 letters and digits, null for a public app) is shown only here. */
        OAuthAppWithSecret: {
            client_secret: string | null;
        } & components["schemas"]["OAuthApp"];
        /** @description At least 12 characters (checked as a 422 `weak_password`, with common passwords). */
        Password: string;
        PersonalAccessToken: {
            account_id: string;
            created_at: components["schemas"]["Timestamp"];
            expires_at: components["schemas"]["Timestamp"];
            id: string;
            /** @description When it last authenticated a request, to the minute (LAST_USED_PRECISION_SECONDS); null if never. */
            last_used_at: components["schemas"]["Timestamp"] | null;
            last4: string;
            livemode: boolean;
            name: string;
            /** @constant */
            object: "personal_access_token";
            /** @description The token's first characters, to recognise it. */
            prefix: string;
            revoked_at: components["schemas"]["Timestamp"] | null;
            scopes: components["schemas"]["Scope"][];
        };
        PersonalAccessTokenCreate: {
            /** @description Days until the token stops working; at most a year (MAX_PERSONAL_ACCESS_TOKEN_DAYS). */
            expires_in_days: number;
            /** @description The mode the token works in; the session's when left out. */
            livemode?: boolean;
            /** @example Nightly export script */
            name: string;
            /**
             * @example [
             *       "invoices:read"
             *     ]
             */
            scopes: components["schemas"]["Scope"][];
        };
        PersonalAccessTokenList: {
            data: components["schemas"]["PersonalAccessToken"][];
            /** @constant */
            object: "list";
        };
        /** @description A new token with its secret, `bahi_pat_` and 43 letters and digits. Shown only in this answer. */
        PersonalAccessTokenWithSecret: {
            token: string;
        } & components["schemas"]["PersonalAccessToken"];
        /**
         * @description An error, as RFC 9457 problem details (`application/problem+json`). `code` is stable and meant for
         *     programs; `title` and `detail` are for people and may change. Validation errors (400 and 422) list
         *     every bad field in `errors`, each named by a JSON Pointer into the request.
         */
        Problem: {
            /**
             * @description Stable machine-readable error code; the Errors section of the guide lists every code.
             * @example validation_failed
             */
            code: string;
            /**
             * @description What went wrong with this particular request, for people.
             * @example /items/0/qty must be greater than 0
             */
            detail?: string;
            /** @description For `validation_failed` and other field-level problems, one entry per bad field. */
            errors?: components["schemas"]["FieldError"][];
            /**
             * @description For a conflict with an existing object (a duplicate GSTIN or SKU), that object's id.
             * @example pty_01jd4k9m2x7qv3t8w5y6z0abcd
             */
            existing_id?: string;
            /**
             * @description For `plan_limit_exceeded`, how much of the quota the plan allows.
             * @example 100
             */
            limit?: number;
            /**
             * @description For `plan_limit_exceeded`, the plan quota that is spent.
             * @example live_invoices_per_month
             * @enum {string}
             */
            quota?: "live_invoices_per_month";
            /**
             * @description The request's identifier, also sent as `X-Request-Id`.
             * @example req_01jd4k9m2x7qv3t8w5y6z0abcd
             */
            request_id: string;
            /**
             * Format: date-time
             * @description For `plan_limit_exceeded`, when the quota starts afresh: the first instant of the next calendar
             *     month in India Standard Time, in UTC.
             * @example 2026-05-31T18:30:00.000Z
             */
            resets_at?: string;
            /**
             * @description The HTTP status code, repeated for convenience.
             * @example 400
             */
            status: number;
            /**
             * @description A short summary of the kind of problem.
             * @example The request is not valid
             */
            title: string;
            /**
             * Format: uri-reference
             * @description A URI naming the kind of problem, `urn:bahi:problem:` followed by `code`.
             * @example urn:bahi:problem:validation_failed
             */
            type: string;
        };
        RecoveryCodes: {
            recovery_codes: components["schemas"]["RecoveryCodeValue"][];
        };
        RecoveryCodeValue: string;
        /**
         * @description A member's role in an account; see Roles above.
         * @enum {string}
         */
        Role: "owner" | "admin" | "developer" | "accountant" | "viewer";
        /**
         * @description A permission of an API key: `*` (everything), or a resource and a verb such as `invoices:read` or
         *     `invoices:write`. A `write` scope does not imply `read`.
         * @example invoices:write
         */
        Scope: string;
        /** @description A current TOTP code, or one of the recovery codes. */
        SecondFactor: {
            code?: components["schemas"]["TotpCodeValue"];
            recovery_code?: components["schemas"]["RecoveryCodeValue"];
        };
        Session: {
            account_id: string;
            /** @description The member's accounts and roles. */
            accounts: {
                account_id: string;
                legal_name: string;
                role: components["schemas"]["Role"];
            }[];
            /** @description Send it as `X-CSRF-Token` with every state-changing request. */
            csrf_token: string;
            expires_at: components["schemas"]["Timestamp"];
            livemode: boolean;
            member: components["schemas"]["MemberProfile"];
            /** @constant */
            object: "session";
            role: components["schemas"]["Role"];
            /** @description The scopes of the role. */
            scopes?: string[];
            second_factor_pending: boolean;
        };
        SessionUpdate: {
            account_id?: string;
            livemode?: boolean;
        };
        SignIn: {
            email: components["schemas"]["Email"];
            password: components["schemas"]["Password"];
        };
        /**
         * Format: date-time
         * @description An RFC 3339 timestamp in UTC.
         * @example 2026-11-22T06:30:00.000Z
         */
        Timestamp: string;
        TotpCode: {
            code: components["schemas"]["TotpCodeValue"];
        };
        TotpCodeValue: string;
        TotpEnrolment: {
            otpauth_uri: string;
            /** @description The base32 secret, shown once. */
            secret: string;
        };
    };
    responses: {
        /** @description An error. */
        Problem: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The session. */
        Session: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Session"];
            };
        };
        /** @description A new session; `Set-Cookie` carries its token. */
        SessionStarted: {
            headers: {
                "Set-Cookie": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Session"];
            };
        };
        /** @description Signed out; `Set-Cookie` clears the cookie. */
        SignedOut: {
            headers: {
                "Set-Cookie": string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Too many failed sign-ins; `Retry-After` says when to try again. */
        Throttled: {
            headers: {
                "Retry-After": number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        MemberId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
        };
    };
    listAuthorizedApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grants, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizedAppList"];
                };
            };
            401: components["responses"]["Problem"];
        };
    };
    revokeAuthorizedApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    readDeviceAuthorization: {
        parameters: {
            query: {
                user_code: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request waiting for this code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceAuthorization"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["Throttled"];
        };
    };
    answerDeviceAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceAuthorizationAnswer"];
            };
        };
        responses: {
            /** @description The request, answered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceAuthorization"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["Throttled"];
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCreate"];
            };
        };
        responses: {
            /** @description The invitation (its link is only in the email). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationAccept"];
            };
        };
        responses: {
            200: components["responses"]["SessionStarted"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members and pending invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            401: components["responses"]["Problem"];
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemberId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemberId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberUpdate"];
            };
        };
        responses: {
            /** @description The member with the new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
        };
    };
    listOAuthApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthAppList"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
        };
    };
    createOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OAuthAppCreate"];
            };
        };
        responses: {
            /** @description The app, with its client secret shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthAppWithSecret"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: components["schemas"]["Email"];
                };
            };
        };
        responses: {
            /** @description If the email is a member's, a link is on its way. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            429: components["responses"]["Throttled"];
        };
    };
    completePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: components["schemas"]["Password"];
                    token: components["schemas"]["LinkToken"];
                };
            };
        };
        responses: {
            /** @description The password is changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    listPersonalAccessTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's tokens (never their secrets). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalAccessTokenList"];
                };
            };
            401: components["responses"]["Problem"];
        };
    };
    createPersonalAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonalAccessTokenCreate"];
            };
        };
        responses: {
            /** @description The token, with its secret shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalAccessTokenWithSecret"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    revokePersonalAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (revoking a revoked token changes nothing). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    readSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Session"];
            401: components["responses"]["Problem"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignIn"];
            };
        };
        responses: {
            200: components["responses"]["SessionStarted"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["Throttled"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["SignedOut"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
        };
    };
    updateSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionUpdate"];
            };
        };
        responses: {
            200: components["responses"]["Session"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["SignedOut"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
        };
    };
    completeSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactor"];
            };
        };
        responses: {
            200: components["responses"]["SessionStarted"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            429: components["responses"]["Throttled"];
        };
    };
    redeemSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: components["schemas"]["LinkToken"];
                };
            };
        };
        responses: {
            200: components["responses"]["SessionStarted"];
            400: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    startTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret and its `otpauth://` URI. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpEnrolment"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
        };
    };
    disableTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TotpCode"];
            };
        };
        responses: {
            /** @description Two-factor sign-in is off. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TotpCode"];
            };
        };
        responses: {
            /** @description The recovery codes, shown once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
}

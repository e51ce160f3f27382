// Generated from openapi-v1.json by scripts/contract.ts. Do not edit.
export interface paths {
    "/api/v1/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capability manifest
         * @description Lists only the actions of enabled modules that have a registered handler, with the pagination and request-size policies.
         */
        get: operations["getInternalCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health and readiness proof
         * @description Confirms the bearer, the API contract, the paired app build and the token-derived readiness proof.
         */
        get: operations["getInternalHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/secrets/{reference}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a credential
         * @description Removes the credential from the OS keyring and verifies that it is absent.
         */
        post: operations["deleteInternalSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/secrets/{reference}/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a credential
         * @description Stores the write-only value in the OS keyring and reads it back. The response carries only reference and status.
         */
        post: operations["setInternalSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/secrets/{reference}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credential status
         * @description Tells whether the allowlisted credential is present. Never reveals a value; an unavailable or locked keyring fails closed.
         */
        get: operations["getInternalSecretStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read settings
         * @description The complete catalog of five non-secret settings with the current revision.
         */
        get: operations["getInternalSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Patch settings
         * @description Applies all changes atomically or none. Fails for an unknown key, a sensitive key, an invalid value or a stale expected_revision, naming each failing key in details.
         */
        patch: operations["patchInternalSettings"];
        trace?: never;
    };
    "/api/v1/startup-diagnostics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Startup diagnostics
         * @description Read-only report with exactly four components in a fixed order; no paths, no side effects. Evaluated once at start.
         */
        get: operations["getInternalStartupDiagnostics"];
        put?: never;
        post?: never;
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
        ApiVersion: {
            /**
             * @default service.internal-api/1
             * @constant
             */
            contract: "service.internal-api/1";
            /**
             * @default service.application/0.3
             * @constant
             */
            application_contract: "service.application/0.3";
            /**
             * @default /api/v1
             * @constant
             */
            namespace: "/api/v1";
        };
        CapabilityAction: {
            dispatch_key: string;
            name: string;
            summary: string;
        };
        CapabilityManifest: {
            api?: {
                /**
                 * @default service.internal-api/1
                 * @constant
                 */
                contract: "service.internal-api/1";
                /**
                 * @default service.application/0.3
                 * @constant
                 */
                application_contract: "service.application/0.3";
                /**
                 * @default /api/v1
                 * @constant
                 */
                namespace: "/api/v1";
            };
            /** @default [] */
            modules: components["schemas"]["CapabilityModule"][];
            pagination?: {
                /** @default 25 */
                default_limit: number;
                /** @default 100 */
                maximum_limit: number;
                /** @default 256 */
                maximum_cursor_characters: number;
            };
            request_policy?: {
                /** @default 1048576 */
                max_body_bytes: number;
                /** @default 1000 */
                max_collection_items: number;
                /** @default 16 */
                max_json_depth: number;
                /** @default 65536 */
                max_string_characters: number;
            };
        };
        CapabilityModule: {
            module_id: string;
            name: string;
            summary: string;
            actions: components["schemas"]["CapabilityAction"][];
        };
        ErrorEnvelope: {
            code: string;
            message: string;
            correlation_ref: string;
            /** @default [] */
            details: components["schemas"]["FailureDetail"][];
            remediation?: string | null;
        };
        FailureDetail: {
            name: string;
            value: string | number | boolean | null;
        };
        HealthResponse: {
            /**
             * @default ready
             * @constant
             */
            status: "ready";
            api?: {
                /**
                 * @default service.internal-api/1
                 * @constant
                 */
                contract: "service.internal-api/1";
                /**
                 * @default service.application/0.3
                 * @constant
                 */
                application_contract: "service.application/0.3";
                /**
                 * @default /api/v1
                 * @constant
                 */
                namespace: "/api/v1";
            };
            app_build: string;
            sidecar_build: string;
            readiness_proof: string;
        };
        HTTPValidationError: {
            detail: components["schemas"]["ValidationError"][];
        };
        PaginationPolicy: {
            /** @default 25 */
            default_limit: number;
            /** @default 100 */
            maximum_limit: number;
            /** @default 256 */
            maximum_cursor_characters: number;
        };
        RequestSizePolicy: {
            /** @default 1048576 */
            max_body_bytes: number;
            /** @default 1000 */
            max_collection_items: number;
            /** @default 16 */
            max_json_depth: number;
            /** @default 65536 */
            max_string_characters: number;
        };
        SecretSetRequest: {
            value: string;
        };
        SecretStatusResponse: {
            reference: string;
            status: "present" | "missing" | "unavailable";
        };
        SettingFieldResponse: {
            key: string;
            label: string;
            help: string;
            type: "string" | "integer" | "number";
            value: string | number;
            default_value: string | number;
            validation: components["schemas"]["SettingValidationResponse"];
            /** @default false */
            restart_required: boolean;
            /**
             * @default false
             * @constant
             */
            sensitive: false;
        };
        SettingsPatchRequest: {
            /** @constant */
            schema_version: 1;
            expected_revision: number;
            changes: {
                [key: string]: unknown;
            };
        };
        SettingsResponse: {
            /** @constant */
            schema_version: 1;
            revision: number;
            fields: components["schemas"]["SettingFieldResponse"][];
        };
        SettingValidationResponse: {
            /** @default [] */
            allowed_values: string[];
            minimum?: number | null;
            maximum?: number | null;
        };
        StartupDiagnosticComponentResponse: {
            component: "configuration" | "database" | "keyring" | "workspace";
            status: "ready" | "warning" | "blocked";
            /** @description Stable code `<component>.<reason>`. */
            code: string;
            message: string;
            remediation: string | null;
            restart_required: boolean;
            blocks_mutations: boolean;
        };
        StartupDiagnosticReportResponse: {
            /**
             * @default 1
             * @constant
             */
            schema_version: 1;
            status: "ready" | "degraded";
            platform: components["schemas"]["StartupPlatformResponse"];
            components: components["schemas"]["StartupDiagnosticComponentResponse"][];
        };
        StartupPlatformResponse: {
            operating_system: "linux" | "macos" | "windows" | "unsupported";
            architecture: "arm64" | "x64" | "unsupported";
        };
        ValidationError: {
            loc: (string | number)[];
            msg: string;
            type: string;
            input?: unknown;
            ctx?: Record<string, never>;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getInternalCapabilities: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The capability manifest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CapabilityManifest"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalHealth: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInternalSecret: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential status after the delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretStatusResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setInternalSecret: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecretSetRequest"];
            };
        };
        responses: {
            /** @description The credential status after the write. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretStatusResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalSecretStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretStatusResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings catalog. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInternalSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SettingsPatchRequest"];
            };
        };
        responses: {
            /** @description The settings after the patch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalStartupDiagnostics: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The startup report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartupDiagnosticReportResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure credential storage is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}

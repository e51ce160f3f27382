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
}

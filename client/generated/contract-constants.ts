// Generated from src/contract by scripts/contract.ts. Do not edit.

/** The wire contract identifier sent in the API version header and checked in the readiness line. */
export const API_CONTRACT = "service.internal-api/1";
export const HEADER_API_VERSION = "x-service-api-version";
export const HEADER_APP_BUILD = "x-service-app-build";
export const HEADER_SESSION_OWNER = "x-service-session-owner";
/** Pattern and length of app_build and sidecar_build. */
export const BUILD_PATTERN = "^[A-Za-z0-9._:+-]+$";
export const BUILD_MAX_CHARACTERS = 128;

/** The GEDCOM operations; an artifact grant is scoped to `gedcom.<operation>`. */
export const GEDCOM_OPERATIONS = ["inspect","merge","subtree","quality","sync"] as const;
export type GedcomOperation = (typeof GEDCOM_OPERATIONS)[number];
export type GedcomOperationScope = `gedcom.${GedcomOperation}`;

/** The settings catalogue: each key with the type of its value. */
export interface SettingValues {
  /** Language: Language of the application window. Default "en". */
  "ui.locale": "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv" | "nb" | "da" | "fi";
  /** Theme: Colour theme of the application window; system follows the operating system. Default "system". */
  "ui.theme": "system" | "light" | "dark";
  /** Living-person threshold (years): A person without a death fact born fewer years ago than this is treated as living. Default 110. */
  "privacy.living_threshold_years": number;
  /** Chat temperature: Sampling temperature of chat runs, from 0 (focused) to 1 (varied). Default 0.2. */
  "chat.temperature": number;
  /** GEDCOM export version: GEDCOM version written by operations that produce a new file. Default "7.0". */
  "gedcom.export_version": "5.5.1" | "7.0";
}
export type SettingKey = keyof SettingValues;

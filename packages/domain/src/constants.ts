/** Business constants of the spec (platform-core section 9); names say what each is for. */
export const PRODUCT_UI_VERSION = '6.45.2';
/** Spec: a company id per environment is a constant (1 for local, dev and prod unless overridden). */
export const PROVIDER_COMPANY_ID = 1;
/** Identity ids issued by our hosted identity provider start with this prefix. */
export const EXTERNAL_IDENTITY_PREFIX = 'kelvin|';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The share of client errors the browser reports. */
export const ERROR_SAMPLING_RATE = 0.2;
export const RAW_DATA_MAX_RANGE_MS = 86_400_000;
export const CURRENT_VALUES_CACHE_MS = 30_000;
export const CACHE_TTL_MS = 300_000;
export const GAP_FILL_MIN_STEP_MS = 120_000;
export const SESSION_CHECK_INTERVAL_MS = 10_000;
export const SESSION_RENEW_THRESHOLD_S = 120;
export const VERSION_POLL_INTERVAL_MS = 60_000;
export const TOAST_ALERT_MS = 6_000;
export const TOAST_COPIED_EMAIL_MS = 2_000;
export const TOAST_NOTIFICATION_MS = 3_000;
export const POPOVER_DEBOUNCE_MS = 100;
export const UPLOAD_LIMIT_BYTES = 300_000_000;
export const UPLOAD_LIMIT_LABEL = '300MB';
export const VERSION_FILE_PATH = '/assets/version.json';
/** Spec work-management 5: the exact words for a file at or above the upload limit. */
export const UPLOAD_LIMIT_MESSAGE = `Error encountered while creating attachment: File exceeds maximum size of ${UPLOAD_LIMIT_LABEL}.`;

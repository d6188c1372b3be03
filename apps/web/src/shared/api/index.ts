export { ApiError, isApiError, type ApiErrorKind } from './ApiError.ts';
export {
  apiCall,
  configureApiClient,
  createApiClient,
  buildQueryString,
  API_BASE_PATH,
} from './apiClient.ts';
export type { ApiCall, ApiClientOptions, CallArgs, CallInput } from './apiClient.ts';

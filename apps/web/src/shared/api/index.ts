export { ApiError, isApiError, type ApiErrorKind } from './ApiError.ts';
export {
  apiCall,
  apiStream,
  configureApiClient,
  createStreamClient,
  createApiClient,
  buildQueryString,
  API_BASE_PATH,
} from './apiClient.ts';
export type { ApiCall, ApiClientOptions, ApiStream, CallArgs, CallInput } from './apiClient.ts';

import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { BatchPart, ClickHouseConnection } from './clickHouseBatches.ts';

/** ClickHouse's error codes that the batch log expects as answers rather than failures. */
export const QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING = 216;
export const FUNCTION_THROW_IF_VALUE_IS_NON_ZERO = 395;
/** How long one request may take, an INSERT included (and how long a send waits for a running one). */
export const SAME_ID_WAIT_MS = 60_000;

/**
 * The batch log's requests to ClickHouse over plain HTTP: a query with its query id (the batch log's lock) and
 * external data, one attempt each; resolves with ClickHouse's error code (0 for success) and its answer.
 */
export function createBatchSender(connection: ClickHouseConnection) {
  const target = new URL(connection.url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const authorization = `Basic ${Buffer.from(`${connection.username}:${connection.password}`).toString('base64')}`;

  return (
    sql: string,
    queryId: string,
    parts: readonly BatchPart[],
  ): Promise<{ code: number; text: string }> => {
    // The query in the body, not the URL: 18.16 refuses a URL over 16 KB, and a group's INSERT is longer. With
    // external data it is the multipart's first field (a field without a file name), else the body itself.
    const params = new URLSearchParams({ database: connection.database, query_id: queryId });
    const boundary = `kelvin-${randomUUID()}`;
    let body =
      parts.length > 0
        ? `--${boundary}\r\nContent-Disposition: form-data; name="query"\r\n\r\n${sql}\r\n`
        : sql;
    for (const part of parts) {
      params.set(`${part.name}_structure`, part.structure);
      params.set(`${part.name}_format`, part.format);
      body += `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.name}"\r\n\r\n${part.data()}\r\n`;
    }
    if (parts.length > 0) body += `--${boundary}--\r\n`;
    const data = Buffer.from(body, 'utf8');
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          path: `${target.pathname.replace(/\/$/, '')}/?${params.toString()}`,
          method: 'POST',
          // A connection of its own: 18.16 closes idle keep-alive sockets after 3 s, and a request written to one
          // just then fails without saying whether the server saw it.
          agent: false,
          headers: {
            authorization,
            connection: 'close',
            'content-length': data.length,
            ...(parts.length > 0 ? { 'content-type': `multipart/form-data; boundary=${boundary}` } : {}),
          },
          timeout: SAME_ID_WAIT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (response.statusCode === 200) return resolve({ code: 0, text });
            const code = Number(/^Code: (\d+)/.exec(text)?.[1]);
            if (
              code === QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING ||
              code === FUNCTION_THROW_IF_VALUE_IS_NON_ZERO
            )
              resolve({ code, text });
            else reject(new Error(`ClickHouse answered ${response.statusCode}: ${text.trim()}`));
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('ClickHouse batch insert timed out')));
      outgoing.on('error', reject);
      outgoing.end(data);
    });
  };
}

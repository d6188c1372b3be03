/** Just enough of a browser's cookie handling: name, value and path; removal by expiry or empty value. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const expired =
        value === '' || attribute('max-age') === '0' || (expires && Date.parse(expires) < Date.now());
      if (expired) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter((cookie) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, '/')))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }
}

export class Browser {
  readonly jar = new CookieJar();
  /** Every URL requested, in order. */
  readonly visited: string[] = [];

  constructor(private readonly forwardedFor?: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url);
    if (cookie) headers.set('cookie', cookie);
    if (this.forwardedFor) headers.set('x-forwarded-for', this.forwardedFor);
    this.visited.push(url);
    const send = () => fetch(url, { ...init, headers, redirect: 'manual' });
    // Like a browser, a GET is sent again when a kept-alive connection turns out closed (after a restart).
    const response = await send().catch((error: unknown) => {
      if ((init.method ?? 'GET') !== 'GET') throw error;
      return send();
    });
    this.jar.store(response);
    return response;
  }

  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects until one leaves the server for `stopAt` (the console's pages, not served in tests). */
  async follow(response: Response, stopAt: string): Promise<{ response: Response; url: string }> {
    let current = response;
    let url = this.visited.at(-1) ?? '';
    for (let hops = 0; hops < 10 && current.status >= 300 && current.status < 400; hops++) {
      url = new URL(current.headers.get('location') ?? '', url).href;
      if (url.startsWith(stopAt)) return { response: current, url };
      current = await this.request(url);
    }
    return { response: current, url };
  }
}

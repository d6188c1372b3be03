import { createHash } from 'node:crypto';

/**
 * A self-contained page to browse /api/openapi.json: every operation with its parameters, body and
 * response schemas. No external assets, so it works offline and under a strict CSP.
 */
export const apiDocsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Kelvin API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem 2rem; color: #1a1b1e; }
  h1 { font-size: 1.6rem; }
  input { width: 100%; padding: .5rem; font-size: 1rem; margin-bottom: 1rem; box-sizing: border-box; }
  details { border: 1px solid #dee2e6; border-radius: 6px; margin: .4rem 0; padding: .4rem .8rem; }
  summary { cursor: pointer; font-family: ui-monospace, monospace; }
  .method { display: inline-block; min-width: 4.5rem; font-weight: 700; }
  .GET { color: #1971c2; } .POST { color: #2f9e44; } .PUT { color: #e8590c; } .DELETE { color: #c92a2a; } .PATCH { color: #9c36b5; }
  pre { background: #f8f9fa; padding: .6rem; overflow: auto; font-size: .8rem; }
  .summary { color: #495057; font-family: system-ui, sans-serif; margin-left: .5rem; }
</style>
</head>
<body>
<main>
<h1>Kelvin API</h1>
<p>Generated from the contract. Raw document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<label for="filter">Filter operations</label>
<input id="filter" type="search" placeholder="users, POST, companies.create…">
<div id="operations" aria-live="polite">Loading…</div>
</main>
<script>
const container = document.getElementById('operations');
const filter = document.getElementById('filter');
function section(title, value) {
  if (value === undefined) return '';
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(value, null, 2);
  return '<h3>' + title + '</h3>' + pre.outerHTML;
}
fetch('/api/openapi.json').then((r) => r.json()).then((doc) => {
  const items = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) items.push({ path, method: method.toUpperCase(), op });
  }
  items.sort((a, b) => a.path.localeCompare(b.path));
  function render() {
    const q = filter.value.toLowerCase();
    container.innerHTML = '';
    for (const { path, method, op } of items) {
      const text = (method + ' ' + path + ' ' + op.operationId + ' ' + op.summary).toLowerCase();
      if (q && !text.includes(q)) continue;
      const el = document.createElement('details');
      const summary = document.createElement('summary');
      summary.innerHTML = '<span class="method ' + method + '">' + method + '</span>';
      summary.append(path);
      const desc = document.createElement('span');
      desc.className = 'summary';
      desc.textContent = op.operationId + ' — ' + op.summary;
      summary.append(desc);
      el.append(summary);
      const body = document.createElement('div');
      body.innerHTML = section('Parameters', op.parameters && op.parameters.length ? op.parameters : undefined)
        + section('Request body', op.requestBody && Object.entries(op.requestBody.content).map(([type, c]) => ({ [type]: c.schema }))[0])
        + section('Response', op.responses['200'].content['application/json'].schema);
      el.append(body);
      container.append(el);
    }
    if (!container.children.length) container.textContent = 'No operation matches.';
  }
  filter.addEventListener('input', render);
  render();
}).catch(() => { container.textContent = 'The API document could not be loaded.'; });
</script>
</body>
</html>`;

/** Allows exactly the page's own inline script and style, by hash. */
function inlineHash(tag: 'script' | 'style'): string {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(apiDocsPage);
  return `'sha256-${createHash('sha256')
    .update(match?.[1] ?? '')
    .digest('base64')}'`;
}

export const API_DOCS_POLICY = [
  "default-src 'self'",
  `script-src ${inlineHash('script')}`,
  `style-src ${inlineHash('style')}`,
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The browser test's web pages, served from a loopback HTTP server the test starts (port 0).
 *
 * The shop page has 300 links ("Product 1" … "Product 300"), four a line in a column on the left,
 * a search field, "Pay" and "Delete" buttons, 200 text fields labelled with `<label for>`
 * ("Field 1" … "Field 200") and 200 "Buy N" buttons in the main area. The top of the form and of
 * the buttons is on screen; most links, fields and buttons are below it.
 * - `/shop?links=first`: the 300 links come first in the DOM (the page a tester found: an
 *   observation in DOM order listed links and left the form out).
 * - `/shop?links=last`: the same page with the links last in the DOM, still drawn on the left.
 * - `/product/N`: the page a product link leads to, titled and headed "Product N", with a link to
 *   the links-last shop ("The shop with its links last").
 * The search form does not leave the page: submitting it sets the title to "Searched: <text>";
 * pressing a button of the shop sets it to "<its label> pressed".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPORT_LINES } from '../support/long-text-edits.js';

export const LINKS = 300;
export const FIELDS = 200;
export const BUYS = 200;

function shopPage(linksFirst: boolean): string {
  const links = Array.from({ length: LINKS }, (_, i) => `<a href="/product/${i + 1}">Product ${i + 1}</a>`).join('\n');
  const nav = `<nav aria-label="Products">\n${links}\n</nav>`;
  const fields = Array.from(
    { length: FIELDS },
    (_, i) => `<div class="f"><label for="field${i + 1}">Field ${i + 1}</label><input id="field${i + 1}" type="text"></div>`,
  ).join('\n');
  const buys = Array.from({ length: BUYS }, (_, i) => `<button type="button">Buy ${i + 1}</button>`).join('\n');
  const main = `<main>
<h1>Shop</h1>
<form id="search" onsubmit="event.preventDefault(); document.title = 'Searched: ' + document.getElementById('q').value;">
<label for="q">Search</label><input id="q" type="search">
</form>
<div class="cols">
<form id="details" onsubmit="event.preventDefault();">
${fields}
</form>
<div class="buys">
<button type="button">Pay</button><button type="button">Delete</button>
${buys}
</div>
</div>
<script>
for (const b of document.querySelectorAll('.buys button')) b.addEventListener('click', () => { document.title = b.textContent + ' pressed'; });
</script>
</main>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<style>
body { margin: 0; display: grid; grid-template-columns: 300px 1fr; grid-template-areas: "nav main"; font: 14px sans-serif; }
nav { grid-area: nav; align-self: start; }
nav a { display: inline-block; width: 72px; height: 14px; line-height: 14px; font-size: 11px; padding-left: 2px; }
main { grid-area: main; padding: 0 8px; }
h1 { margin: 4px 0; font-size: 20px; }
.cols { display: grid; grid-template-columns: 520px 1fr; gap: 16px; margin-top: 8px; }
#details { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 12px; align-content: start; }
.f label { display: inline-block; width: 70px; }
.f input { width: 150px; }
.buys { display: grid; grid-template-columns: repeat(4, 90px); gap: 4px; align-content: start; }
</style></head>
<body>
${linksFirst ? `${nav}\n${main}` : `${main}\n${nav}`}
</body></html>`;
}

function productPage(n: number): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Product ${n}</title></head>
<body><h1>Product ${n}</h1><p>The page of product ${n}.</p><a href="/shop?links=last">The shop with its links last</a></body></html>`;
}

/** A page with one text area whose text was written by the page, not typed (issue #32 item 3: editing any text). */
export const NOTES_TEXT = 'Dear Anna,\n\nGreetings from Berlin. The weather is fine. See you soon!\nhello big world';

function notesPage(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Letter</title></head>
<body><h1>A letter</h1><label for="notes">Notes</label><br><textarea id="notes" rows="8" cols="60">${NOTES_TEXT}</textarea>
<br><label for="report">Report</label><br><textarea id="report" rows="8" cols="60">${REPORT_LINES.join('\n')}</textarea></body></html>`;
}

export interface ShopServer {
  readonly url: string;
  /** The paths it has answered, in order (the browser asked for the page: it is loading it). */
  readonly served: readonly string[];
  close(): Promise<void>;
}

/** Serves the pages on 127.0.0.1 at a free port. */
export async function startShopServer(): Promise<ShopServer> {
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    served.push(url.pathname);
    const product = /^\/product\/(\d{1,3})$/.exec(url.pathname);
    let body: string | undefined;
    if (url.pathname === '/shop') body = shopPage(url.searchParams.get('links') !== 'last');
    else if (product) body = productPage(Number(product[1]));
    else if (url.pathname === '/notes') body = notesPage();
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

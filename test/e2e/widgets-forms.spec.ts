/**
 * The form widgets in a real browser, from the built Storybook (`dist/storybook`, built before end-to-end tests): real
 * canvas image scaling, pointer dragging in the colour picker, tooltip placement and the rich-text editor's keys.
 * axe on their stories in both themes is the story gate's (test/stories/axe.spec.ts), which checks every story.
 */
import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';

const WIDGETS = [
  'Text input',
  'Checkbox',
  'Select',
  'Text area',
  'Number input',
  'Range input',
  'Date input',
  'Time input',
  'Tabs',
  'Loader',
  'Tooltip',
  'Progress line',
  'Accordion',
  'List input',
  'List chooser',
  'File chooser',
  'Image input',
  'Rule builder',
  'Colour picker',
  'Rich-text editor',
];
const root = path.resolve(process.env.STORYBOOK_DIR ?? path.join(__dirname, '../../dist/storybook'));

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};
let server: http.Server;
let base = '';

test.beforeAll(async () => {
  if (!fs.existsSync(path.join(root, 'index.json')))
    throw new Error(`No Storybook build at ${root}: run "npx storybook build -o dist/storybook" first.`);
  server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function storyIds(): Array<{ id: string; title: string; name: string }> {
  const index = JSON.parse(fs.readFileSync(path.join(root, 'index.json'), 'utf8')) as {
    entries: Record<string, { id: string; title: string; name: string; type: string }>;
  };
  return Object.values(index.entries).filter(
    (e) => e.type === 'story' && WIDGETS.some((w) => e.title === `Widgets/${w}`),
  );
}

async function openStory(page: Page, id: string) {
  // a11y.manual keeps Storybook's own a11y addon from running axe at the same time as this test.
  await page.goto(`${base}/iframe.html?id=${id}&viewMode=story&globals=a11y.manual:!true`);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.locator('#storybook-root > *').first().waitFor();
}

// axe over these widgets' stories, light and dark, is the story gate's (test/stories/axe.spec.ts: every story of the
// build, the whole document, each theme from the first paint). This checks that the widgets are there for it.
test('every form widget has its stories in the Storybook build the story gate checks with axe', () => {
  const stories = storyIds();
  expect(WIDGETS.filter((w) => !stories.some((s) => s.title === `Widgets/${w}`))).toEqual([]);
  expect(stories.length).toBeGreaterThanOrEqual(WIDGETS.length * 3);
});

/** A solid-colour RGB PNG of the given size, encoded here so the test needs no image files. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x76)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('image input scales a large PNG to 1000 px as PNG and other images to JPEG, and refuses non-images', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openStory(page, 'widgets-image-input--empty');
  const input = page.getByLabel('Login logo', { exact: false }).and(page.locator('input[type=file]'));

  await input.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(3000, 1500) });
  const preview = page.getByRole('img', { name: 'Login logo preview' });
  await expect(preview).toBeVisible();
  const pngResult = await preview.evaluate((img: HTMLImageElement) => ({
    w: img.naturalWidth,
    h: img.naturalHeight,
    src: img.src.slice(0, 22),
  }));
  expect(pngResult).toEqual({ w: 1000, h: 500, src: 'data:image/png;base64,' });

  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="2400"><rect width="800" height="2400" fill="#196ecd"/></svg>';
  await input.setInputFiles({ name: 'tall.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.src.slice(0, 23)))
    .toBe('data:image/jpeg;base64,');
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    333, 1000,
  ]);

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toHaveText('Please select an image.');
  await context.close();
});

test('colour picker: dragging on the saturation area changes the colour; Cancel restores it', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openStory(page, 'widgets-colour-picker--solid');
  const area = page.getByRole('slider', { name: 'Saturation and brightness' });
  const box = await area.boundingBox();
  if (!box) throw new Error('saturation area not laid out');
  await page.mouse.move(box.x + 2, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 4, { steps: 5 });
  await page.mouse.up();
  await expect(area).toHaveAttribute('aria-valuetext', /Saturation (49|50|51)%, brightness (74|75|76)%/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('#74b320ff')).toBeVisible();
  await context.close();
});

test('tooltip is positioned next to its trigger and keyboard focus is visible', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openStory(page, 'widgets-tooltip--bottom');
  await page.keyboard.press('Tab');
  const trigger = page.getByRole('button', { name: 'Restart' });
  await expect(trigger).toBeFocused();
  const outline = await trigger.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  const [t, b] = [await trigger.boundingBox(), await tip.boundingBox()];
  expect(b && t && b.y).toBeGreaterThanOrEqual((t?.y ?? 0) + (t?.height ?? 0));
  await context.close();
});

test('rich-text editor: typing with shortcuts produces the stored HTML; a bad link address is refused', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openStory(page, 'widgets-rich-text-editor--empty');
  const editor = page.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await page.keyboard.type('Status ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('green');
  await page.keyboard.press('Control+b');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Title', exact: true }).click();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Align center' }).click();
  await page.getByText('HTML', { exact: true }).click();
  const html = page.locator('#storybook-root pre');
  // Attribute order differs between browsers; compare the parsed structure.
  const parsed = () =>
    html.evaluate((pre) => {
      const box = document.createElement('div');
      box.innerHTML = pre.textContent ?? '';
      return [...box.children].map((el) => ({
        tag: el.tagName,
        align: (el as HTMLElement).style.textAlign,
        html: el.innerHTML,
      }));
    });
  await expect.poll(parsed).toEqual([{ tag: 'H2', align: 'center', html: 'Status <strong>green</strong>' }]);

  await editor.click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 'Status '.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Control+k');
  const address = page.getByRole('textbox', { name: 'Link address' });
  await expect(address).toBeFocused();
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('A link must start with http, mailto: or tel:.');
  await address.fill('mailto:noc@example.com');
  await address.press('Enter');
  await page.keyboard.press('End');
  for (let i = 0; i < 'green'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+i');
  await expect.poll(parsed).toEqual([
    {
      tag: 'H2',
      align: 'center',
      html: '<a href="mailto:noc@example.com" rel="noopener noreferrer" target="_blank">Status </a><strong><em>green</em></strong>',
    },
  ]);
  await context.close();
});

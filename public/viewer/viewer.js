/**
 * The study viewer: loads the manifest and the slices with the grant of its URL (no access token: the
 * page is opened from the portal), parses the DICOM files and draws them with window and level.
 */
import { parseDicom } from './dicom-parser.js';
import { applyTexts, translator } from './viewer-text.js';

const params = new URLSearchParams(location.search);
const t = translator(params.get('lang'));
const api = params.get('api') ?? '/api';
const studyId = params.get('study') ?? '';
const grant = params.get('grant') ?? '';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const canvas = /** @type {HTMLCanvasElement} */ ($('image'));
const slider = /** @type {HTMLInputElement} */ ($('slider'));
const presetSelect = /** @type {HTMLSelectElement} */ ($('preset'));

const state = {
  /** @type {{sliceCount: number, rows: number, columns: number, windowCenter: number, windowWidth: number, description: string, modality: string} | null} */
  manifest: null,
  /** @type {(import('./dicom-parser.js').DicomImage | undefined)[]} */
  images: [],
  current: 1,
  center: 0,
  width: 1,
  loaded: 0,
};

function presetsFor(manifest) {
  const own = { key: 'default', center: manifest.windowCenter, width: manifest.windowWidth };
  if (manifest.modality === 'CT')
    return [
      { ...own, key: 'brain' },
      { key: 'softTissue', center: 50, width: 400 },
      { key: 'bone', center: 500, width: 2000 },
      { key: 'lung', center: -600, width: 1500 },
    ];
  return [
    own,
    { key: 'highContrast', center: manifest.windowCenter, width: manifest.windowWidth / 2 },
    { key: 'lowContrast', center: manifest.windowCenter, width: manifest.windowWidth * 2 },
  ];
}

function draw() {
  const manifest = state.manifest;
  const image = state.images[state.current - 1];
  if (!manifest) return;
  const total = manifest.sliceCount;
  const center = Math.round(state.center);
  const width = Math.round(state.width);
  $('counter').textContent = t('counter', { n: state.current, total });
  $('corner-slice').textContent = `${state.current} / ${total}`;
  $('corner-window').textContent = `W ${width}  L ${center}`;
  canvas.setAttribute(
    'aria-label',
    t('imageLabel', { description: manifest.description, n: state.current, total, width, center }),
  );
  slider.value = String(state.current);
  if (!image) return;
  const context = canvas.getContext('2d');
  if (!context) return;
  const pixels = context.createImageData(image.columns, image.rows);
  const { rescaleSlope: slope, rescaleIntercept: intercept } = image;
  // Linear window of PS3.3 C.11.2.1.2: the width's edges map to black and white.
  const low = state.center - 0.5 - (state.width - 1) / 2;
  const scale = 255 / Math.max(1, state.width - 1);
  const data = pixels.data;
  for (let index = 0; index < image.pixels.length; index += 1) {
    const value = (image.pixels[index] ?? 0) * slope + intercept;
    const gray = Math.max(0, Math.min(255, (value - low) * scale));
    const offset = index * 4;
    data[offset] = gray;
    data[offset + 1] = gray;
    data[offset + 2] = gray;
    data[offset + 3] = 255;
  }
  context.putImageData(pixels, 0, 0);
}

let frame = 0;
function scheduleDraw() {
  if (!frame)
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
}

function goTo(slice) {
  if (!state.manifest) return;
  state.current = Math.max(1, Math.min(state.manifest.sliceCount, slice));
  scheduleDraw();
}

function setWindow(center, width) {
  state.center = center;
  state.width = Math.max(1, width);
  scheduleDraw();
}

function applyPreset(key) {
  if (!state.manifest) return;
  const preset = presetsFor(state.manifest).find((item) => item.key === key);
  if (preset) setWindow(preset.center, preset.width);
}

function showStatus(text) {
  $('status').textContent = text;
  $('status').hidden = text === '';
}

async function fetchOk(url) {
  const response = await fetch(url, { cache: 'no-store', credentials: 'omit' });
  if (response.status === 403 || response.status === 400) throw new Error('expired');
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response;
}

const studyUrl = (suffix) =>
  `${api}/studies/${encodeURIComponent(studyId)}/${suffix}?grant=${encodeURIComponent(grant)}`;

async function loadSlice(n) {
  const response = await fetchOk(studyUrl(`instances/${n}`));
  state.images[n - 1] = parseDicom(await response.arrayBuffer());
  state.loaded += 1;
  const total = state.manifest?.sliceCount ?? 0;
  showStatus(state.loaded < total ? t('loading', { loaded: state.loaded, total }) : '');
  if (n === state.current) scheduleDraw();
}

/** Loads the slices four at a time, from the one on screen outwards. */
async function loadSlices(total) {
  const order = Array.from({ length: total }, (_, index) => index + 1).sort(
    (a, b) => Math.abs(a - state.current) - Math.abs(b - state.current),
  );
  const workers = Array.from({ length: Math.min(4, total) }, async () => {
    for (let n = order.shift(); n !== undefined; n = order.shift()) await loadSlice(n);
  });
  await Promise.all(workers);
}

async function start() {
  applyTexts(t);
  if (params.get('lang') === 'en') document.documentElement.lang = 'en';
  showStatus(t('loading', { loaded: 0, total: '…' }));
  try {
    if (!studyId || !grant) throw new Error('expired');
    const manifest = await (await fetchOk(studyUrl('manifest'))).json();
    state.manifest = manifest;
    state.current = Math.ceil(manifest.sliceCount / 2);
    canvas.width = manifest.columns;
    canvas.height = manifest.rows;
    canvas.style.aspectRatio = `${manifest.columns} / ${manifest.rows}`;
    $('title').textContent = manifest.description;
    document.title = `${manifest.description} – ${t('pageTitle')}`;
    slider.max = String(manifest.sliceCount);
    slider.disabled = manifest.sliceCount < 2;
    /** @type {HTMLButtonElement} */ for (const id of ['previous', 'next']) $(id).disabled = slider.disabled;
    for (const preset of presetsFor(manifest)) presetSelect.add(new Option(t(preset.key), preset.key));
    setWindow(manifest.windowCenter, manifest.windowWidth);
    await loadSlices(manifest.sliceCount);
  } catch (error) {
    showStatus(error instanceof Error && error.message === 'expired' ? t('expired') : t('failed'));
  }
}

function bindControls() {
  slider.addEventListener('input', () => goTo(Number(slider.value)));
  $('previous').addEventListener('click', () => goTo(state.current - 1));
  $('next').addEventListener('click', () => goTo(state.current + 1));
  presetSelect.addEventListener('change', () => applyPreset(presetSelect.value));
  $('reset').addEventListener('click', () => {
    presetSelect.selectedIndex = 0;
    applyPreset(presetSelect.value);
  });
  for (const button of document.querySelectorAll('[data-step]')) {
    button.addEventListener('click', () => {
      const [what, sign] = (button.getAttribute('data-step') ?? '').split(':');
      const step = (state.manifest?.windowWidth ?? 100) / 10;
      if (what === 'width') setWindow(state.center, state.width + Number(sign) * step);
      else setWindow(state.center + Number(sign) * step, state.width);
    });
  }

  let wheel = 0;
  canvas.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      wheel += event.deltaY;
      // One slice per notch of a mouse wheel; trackpads send many small deltas.
      while (Math.abs(wheel) >= 40) {
        goTo(state.current + Math.sign(wheel));
        wheel -= Math.sign(wheel) * 40;
      }
    },
    { passive: false },
  );

  /** @type {{x: number, y: number, center: number, width: number} | null} */
  let drag = null;
  canvas.addEventListener('pointerdown', (event) => {
    canvas.setPointerCapture(event.pointerId);
    drag = { x: event.clientX, y: event.clientY, center: state.center, width: state.width };
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!drag) return;
    // A drag across the whole image spans about twice the default window.
    const perPixel = (2 * (state.manifest?.windowWidth ?? 256)) / Math.max(200, canvas.clientWidth);
    setWindow(
      drag.center + (event.clientY - drag.y) * perPixel,
      drag.width + (event.clientX - drag.x) * perPixel,
    );
  });
  for (const type of ['pointerup', 'pointercancel']) canvas.addEventListener(type, () => (drag = null));

  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const moves = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1, PageUp: -5, PageDown: 5 };
    if (event.key in moves) goTo(state.current + moves[event.key]);
    else if (event.key === 'Home') goTo(1);
    else if (event.key === 'End') goTo(state.manifest?.sliceCount ?? 1);
    else return;
    event.preventDefault();
  });
}

bindControls();
start();

/**
 * In-browser rendering of case documents (no external office viewer): .docx with docx-preview, .pdf
 * with pdf.js (a canvas per page plus its text layer, so the words can be found and highlighted).
 * Both libraries are loaded only when a document of their type is opened.
 */
export async function renderDocx(data: Blob, container: HTMLElement): Promise<void> {
  const { renderAsync } = await import('docx-preview');
  container.replaceChildren();
  await renderAsync(data, container, undefined, {
    className: 'docx',
    inWrapper: true,
    ignoreLastRenderedPageBreak: true,
    useBase64URL: true,
  });
}

/** The scale a PDF page is drawn at when the viewer is wide enough; narrower viewers fit the page width. */
const PDF_SCALE = 1.4;

export async function renderPdf(
  data: ArrayBuffer,
  container: HTMLElement,
  onPage?: (done: number, total: number) => void,
): Promise<void> {
  const pdfjs = await import('pdfjs-dist');
  const { default: workerUrl } = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
  container.replaceChildren();
  const ratio = window.devicePixelRatio || 1;
  const style = getComputedStyle(container);
  const room = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const width = page.getViewport({ scale: 1 }).width;
    const fitted = room > 0 ? room / width : PDF_SCALE;
    const scale = Math.min(PDF_SCALE, fitted);
    const viewport = page.getViewport({ scale });
    const pageBox = document.createElement('div');
    pageBox.className = 'pdf-page';
    pageBox.style.width = `${viewport.width}px`;
    pageBox.style.height = `${viewport.height}px`;
    pageBox.style.setProperty('--scale-factor', String(scale));
    pageBox.style.setProperty('--total-scale-factor', String(scale));
    pageBox.style.setProperty('--user-unit', '1');
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = `${viewport.width}px`;
    canvas.style.height = `${viewport.height}px`;
    canvas.setAttribute('aria-hidden', 'true');
    const textLayer = document.createElement('div');
    textLayer.className = 'textLayer';
    pageBox.append(canvas, textLayer);
    container.append(pageBox);
    await page.render({
      canvas,
      canvasContext: canvas.getContext('2d') as CanvasRenderingContext2D,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    }).promise;
    await new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport }).render();
    onPage?.(number, pdf.numPages);
  }
}

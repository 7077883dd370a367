// A PDF read as text boxes (unpdf's pdf.js): where each run of text stands on its page, to check
// a document's layout as a reader sees it — no two texts drawn over each other, every text inside
// the page's margins. Used by the receipt's tests and its browser journey.
import { getDocumentProxy } from 'unpdf';

export interface TextBox {
  page: number;
  str: string;
  /** From the page's left edge and bottom edge, in points; y is the baseline. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfLayout {
  pages: { width: number; height: number }[];
  boxes: TextBox[];
}

export async function pdfLayout(pdf: Uint8Array): Promise<PdfLayout> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pages: PdfLayout['pages'] = [];
  const boxes: TextBox[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    pages.push({ width, height });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      boxes.push({
        page: n,
        str: item.str,
        x: item.transform[4] as number,
        y: item.transform[5] as number,
        width: item.width,
        height: item.height,
      });
    }
  }
  return { pages, boxes };
}

/**
 * What is wrong with the layout, in words (empty: nothing): texts drawn over each other (more
 * than `tolerance` points both ways), and texts outside the page's `margin`.
 */
export function layoutProblems({ pages, boxes }: PdfLayout, margin: number, tolerance = 1): string[] {
  const problems: string[] = [];
  for (const b of boxes) {
    const p = pages[b.page - 1]!;
    if (b.x < margin - tolerance || b.x + b.width > p.width - margin + tolerance) {
      problems.push(
        `p${b.page} «${b.str}» sale del margen (x ${b.x.toFixed(1)}–${(b.x + b.width).toFixed(1)})`,
      );
    }
    // Glyphs rise about three quarters of the size above the baseline (capitals, accents) and
    // descend about a quarter below it.
    if (b.y - b.height * 0.25 < margin - tolerance || b.y + b.height * 0.75 > p.height - margin + tolerance) {
      problems.push(`p${b.page} «${b.str}» sale del margen (y ${b.y.toFixed(1)})`);
    }
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.page !== b.page) continue;
      const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (overlapX > tolerance && overlapY > tolerance) {
        problems.push(`p${a.page} «${a.str}» se encima con «${b.str}»`);
      }
    }
  }
  return problems;
}

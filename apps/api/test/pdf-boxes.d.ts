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
    pages: {
        width: number;
        height: number;
    }[];
    boxes: TextBox[];
}
export declare function pdfLayout(pdf: Uint8Array): Promise<PdfLayout>;
/**
 * What is wrong with the layout, in words (empty: nothing): texts drawn over each other (more
 * than `tolerance` points both ways), and texts outside the page's `margin`.
 */
export declare function layoutProblems({ pages, boxes }: PdfLayout, margin: number, tolerance?: number): string[];

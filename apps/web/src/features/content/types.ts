// The shapes of the content pages' data: text lives in data/*.ts, components only lay it out.

/** A run of text; `**bold**` and `[label](href)` are the only markup the renderer knows. */
export type Inline = string;

export type Block =
  | { type: 'p'; text: Inline }
  | { type: 'ul'; items: Inline[] }
  | { type: 'ol'; items: Inline[] }
  | { type: 'h3'; text: string }
  | { type: 'note'; text: Inline };

export interface DocSection {
  /** Anchor id, also used by the table of contents. */
  id: string;
  title: string;
  blocks: Block[];
}

export interface LegalDocument {
  title: string;
  description: string;
  lead: string;
  updated: string;
  sections: DocSection[];
}

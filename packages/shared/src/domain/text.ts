// Text helpers shared by the page <Seo> tags and the server's link-preview tags.

/** Search engines show about 155 characters of a description; longer ones are cut there. */
export const DESCRIPTION_MAX = 155;

/** Whitespace folded, cut at a word boundary with an ellipsis when longer than `max`. */
export function clipText(text: string, max: number = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/**
 * A small Markdown reader for docs/rules.md: `##` sections, `###` headings, paragraphs,
 * lists, tables, **bold**, *italic* and `code`. It returns plain data; components render it.
 */

export type Inline = { t: "text" | "b" | "i" | "code"; v: string };
export type Block =
  | { kind: "h3"; text: Inline[] }
  | { kind: "p"; text: Inline[] }
  | { kind: "ul" | "ol"; items: Inline[][] }
  | { kind: "table"; head: Inline[][]; rows: Inline[][][] };

export interface RuleSection {
  key: string;
  title: string;
  blocks: Block[];
}

export function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ t: "text", v: text.slice(last, m.index) });
    const tok = m[0];
    if (tok.startsWith("**")) out.push({ t: "b", v: tok.slice(2, -2) });
    else if (tok.startsWith("`")) out.push({ t: "code", v: tok.slice(1, -1) });
    else out.push({ t: "i", v: tok.slice(1, -1) });
    last = m.index + tok.length;
  }
  if (last < text.length) out.push({ t: "text", v: text.slice(last) });
  // [text](link) -> text
  return out.map((x) => (x.t === "text" ? { ...x, v: x.v.replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") } : x));
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

export function parseBlocks(md: string): Block[] {
  const lines = md.split(/\r?\n/);
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: "p", text: parseInline(para.join(" ")) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed) {
      flush();
      continue;
    }
    if (/^#{3,6}\s/.test(trimmed)) {
      flush();
      blocks.push({ kind: "h3", text: parseInline(trimmed.replace(/^#+\s*/, "")) });
      continue;
    }
    if (trimmed.startsWith("|")) {
      flush();
      const rows: string[] = [];
      while (i < lines.length && lines[i].trim().startsWith("|")) rows.push(lines[i++].trim());
      i--;
      const [head, ...rest] = rows;
      const body = rest.filter((r) => !/^\|?\s*:?-{2,}/.test(r));
      blocks.push({ kind: "table", head: cells(head).map(parseInline), rows: body.map((r) => cells(r).map(parseInline)) });
      continue;
    }
    const ul = /^[-*+]\s+(.*)$/.exec(trimmed);
    const ol = /^\d+[.)]\s+(.*)$/.exec(trimmed);
    if (ul || ol) {
      flush();
      const kind = ul ? "ul" : "ol";
      const items: string[] = [];
      while (i < lines.length) {
        const t = lines[i].trim();
        const m = kind === "ul" ? /^[-*+]\s+(.*)$/.exec(t) : /^\d+[.)]\s+(.*)$/.exec(t);
        if (m) items.push(m[1]);
        else if (t && /^\s{2,}/.test(lines[i]) && items.length) items[items.length - 1] += " " + t;
        else break;
        i++;
      }
      i--;
      blocks.push({ kind, items: items.map(parseInline) });
      continue;
    }
    para.push(trimmed);
  }
  flush();
  return blocks;
}

/** Split a document into its `##` sections (text before the first one is ignored). */
export function parseSections(md: string): RuleSection[] {
  const sections: RuleSection[] = [];
  const parts = md.split(/^##\s+/m).slice(1);
  for (const part of parts) {
    const nl = part.indexOf("\n");
    const title = (nl < 0 ? part : part.slice(0, nl)).trim();
    const body = nl < 0 ? "" : part.slice(nl + 1);
    sections.push({ key: slug(title), title, blocks: parseBlocks(body) });
  }
  return sections;
}

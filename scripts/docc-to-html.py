#!/usr/bin/env python3
"""Writes a DocC archive's pages as plain HTML that a browser opens from disk (standard library only).

    python3 scripts/docc-to-html.py ARCHIVE SITE

DocC's own site (`--transform-for-static-hosting`, what ARCHIVE is) is a single-page app: each
page loads its scripts from the server's root and fetches its content as JSON, and browsers
refuse both for file:// pages, so opened from disk it shows a blank page. (DocC's
`--experimental-transform-for-static-hosting-with-content`, which would put each page's content
in its HTML, crashes in the Linux toolchain's docc.) This script reads the same content —
ARCHIVE/data/documentation/**/*.json, DocC's render JSON — and writes one HTML page per
symbol and article, SITE/documentation/portal/NAME/index.html, with relative links only, no
script and one inline style sheet; SITE/index.html leads to the landing page. It fails if a
page it wrote links to a page it did not write.
"""
import html, json, os, pathlib, sys, urllib.parse

STYLE = """
body{font-family:-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:980px;padding:20px 28px 60px;color:#1d1d1f;line-height:1.5}
a{color:#0066cc;text-decoration:none}a:hover{text-decoration:underline}nav.crumbs{font-size:14px;color:#666;margin-bottom:10px}
.role{color:#666;font-size:15px;margin:0}h1{margin:4px 0 8px;font-size:34px}.abstract{font-size:19px;color:#333}
pre,code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px}code{background:#f2f2f5;padding:1px 4px;border-radius:3px}
pre{background:#f5f5f7;padding:12px 14px;border-radius:8px;overflow-x:auto;line-height:1.4}pre code{background:none;padding:0}
.declaration{border:1px solid #ddd;background:#fafafa}.declaration a{color:inherit}.kw{color:#ad3da4}.ty{color:#3900a0}
.aside{border-left:4px solid #999;background:#f5f5f7;padding:6px 14px;margin:12px 0;border-radius:4px}.aside .name{font-weight:600}
.aside.warning{border-color:#c00}.aside.important{border-color:#f0a000}.aside.tip{border-color:#0a0}
h2{border-top:1px solid #ddd;padding-top:18px;margin-top:32px}.topic{margin:10px 0 14px}.topic .abstract{font-size:15px;color:#444;margin:2px 0 0 0}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px;vertical-align:top}dl.params dt{font-family:monospace;font-weight:600}
"""


def page_path(url):
    """The file a DocC url (/documentation/portal/world/renderlist) is written to, in SITE."""
    return url.strip("/") + "/index.html"


class Page:
    def __init__(self, node, path):
        self.node, self.path = node, path
        self.refs = node.get("references", {})
        self.links = []

    def href(self, url):
        """A relative link from this page to a DocC url (with its fragment, if any)."""
        target, _, fragment = url.partition("#")
        self.links.append(page_path(target))
        relative = os.path.relpath(page_path(target), os.path.dirname(self.path))
        # Symbol paths hold ( : ) and operators; encoded, no segment can read as a scheme.
        return urllib.parse.quote(relative, safe="/") + ("#" + urllib.parse.quote(fragment) if fragment else "")

    def reference(self, identifier, title=None, code=False):
        ref = self.refs.get(identifier)
        if ref is None:
            return html.escape(title or identifier)
        text = html.escape(title or ref.get("title", identifier))
        if ref.get("type") == "topic" and ref.get("role") == "symbol" or code:
            text = f"<code>{text}</code>"
        if ref.get("type") == "topic" and ref.get("url"):
            return f"<a href='{self.href(ref['url'])}'>{text}</a>"
        return text

    def inline(self, items):
        out = []
        for i in items or []:
            kind = i.get("type")
            if kind == "text":
                out.append(html.escape(i["text"]))
            elif kind == "codeVoice":
                out.append(f"<code>{html.escape(i['code'])}</code>")
            elif kind in ("emphasis", "strong", "newTerm", "inlineHead"):
                tag = {"emphasis": "em", "strong": "strong", "newTerm": "em", "inlineHead": "strong"}[kind]
                out.append(f"<{tag}>{self.inline(i.get('inlineContent'))}</{tag}>")
            elif kind == "reference":
                out.append(self.reference(i["identifier"], i.get("overridingTitle")))
            elif kind == "link":
                out.append(f"<a href='{html.escape(i['destination'])}'>{html.escape(i.get('title') or i['destination'])}</a>")
            else:
                out.append(self.inline(i.get("inlineContent")))
        return "".join(out)

    def blocks(self, items):
        out = []
        for b in items or []:
            kind = b.get("type")
            if kind == "paragraph":
                out.append(f"<p>{self.inline(b.get('inlineContent'))}</p>")
            elif kind == "heading":
                level = min(6, max(2, b.get("level", 2)))
                out.append(f"<h{level} id='{html.escape(b.get('anchor', ''))}'>{html.escape(b['text'])}</h{level}>")
            elif kind == "codeListing":
                out.append(f"<pre><code>{html.escape(chr(10).join(b.get('code', [])))}</code></pre>")
            elif kind in ("unorderedList", "orderedList"):
                tag = "ul" if kind == "unorderedList" else "ol"
                rows = "".join(f"<li>{self.blocks(item.get('content'))}</li>" for item in b.get("items", []))
                out.append(f"<{tag}>{rows}</{tag}>")
            elif kind == "aside":
                style = html.escape(b.get("style", "note"))
                name = html.escape(b.get("name") or style.capitalize())
                out.append(f"<div class='aside {style}'><span class='name'>{name}</span>{self.blocks(b.get('content'))}</div>")
            elif kind == "table":
                rows = b.get("rows", [])
                cells = lambda row, tag: "".join(f"<{tag}>{self.blocks(cell)}</{tag}>" for cell in row)
                head = f"<tr>{cells(rows[0], 'th')}</tr>" if rows and b.get("header") == "row" else ""
                body = "".join(f"<tr>{cells(row, 'td')}</tr>" for row in (rows[1:] if head else rows))
                out.append(f"<table>{head}{body}</table>")
            elif kind == "termList":
                out.append("<dl>" + "".join(f"<dt>{self.inline(i['term']['inlineContent'])}</dt><dd>{self.blocks(i['definition']['content'])}</dd>"
                                            for i in b.get("items", [])) + "</dl>")
            else:
                out.append(self.blocks(b.get("content")) + self.inline(b.get("inlineContent")))
        return "".join(out)

    def tokens(self, tokens):
        out = []
        for t in tokens:
            text = html.escape(t["text"])
            if t.get("identifier") in self.refs and self.refs[t["identifier"]].get("url"):
                text = f"<a href='{self.href(self.refs[t['identifier']]['url'])}'>{text}</a>"
            if t["kind"] in ("keyword", "attribute"):
                text = f"<span class='kw'>{text}</span>"
            elif t["kind"] == "typeIdentifier":
                text = f"<span class='ty'>{text}</span>"
            out.append(text)
        return "".join(out)

    def topics(self, sections, heading):
        out = []
        for section in sections or []:
            identifiers = section.get("identifiers", [])
            if not identifiers:
                continue
            out.append(f"<h3>{html.escape(section.get('title') or '')}</h3>" if section.get("title") else "")
            for identifier in identifiers:
                ref = self.refs.get(identifier, {})
                if ref.get("fragments"):
                    title = "<code>" + "".join(html.escape(f["text"]) for f in ref["fragments"]) + "</code>"
                    link = f"<a href='{self.href(ref['url'])}'>{title}</a>" if ref.get("url") else title
                else:
                    link = self.reference(identifier)
                out.append(f"<div class='topic'>{link}<p class='abstract'>{self.inline(ref.get('abstract'))}</p></div>")
        return f"<h2>{heading}</h2>" + "".join(out) if out else ""

    def render(self):
        node, meta = self.node, self.node.get("metadata", {})
        crumbs = []
        for identifier in (node.get("hierarchy", {}).get("paths") or [[]])[0]:
            crumbs.append(self.reference(identifier))
        body = [f"<nav class='crumbs'>{' › '.join(crumbs)}</nav>" if crumbs else "",
                f"<p class='role'>{html.escape(meta.get('roleHeading', ''))}</p>",
                f"<h1>{html.escape(meta.get('title', ''))}</h1>",
                f"<p class='abstract'>{self.inline(node.get('abstract'))}</p>"]
        for section in node.get("primaryContentSections", []):
            kind = section["kind"]
            if kind == "declarations":
                for d in section["declarations"]:
                    body.append(f"<pre class='declaration'><code>{self.tokens(d['tokens'])}</code></pre>")
            elif kind == "parameters":
                items = "".join(f"<dt>{html.escape(p['name'])}</dt><dd>{self.blocks(p.get('content'))}</dd>" for p in section["parameters"])
                body.append(f"<h2>Parameters</h2><dl class='params'>{items}</dl>")
            elif kind == "content":
                body.append(self.blocks(section["content"]))
            elif kind == "mentions":
                body.append("<h2>Mentioned in</h2><ul>" + "".join(f"<li>{self.reference(m)}</li>" for m in section["mentions"]) + "</ul>")
        body.append(self.topics(node.get("topicSections"), "Topics"))
        for section in node.get("relationshipsSections", []):
            items = "".join(f"<li>{self.reference(i, code=True)}</li>" for i in section.get("identifiers", []))
            body.append(f"<h2>{html.escape(section.get('title', 'Relationships'))}</h2><ul>{items}</ul>")
        body.append(self.topics(node.get("seeAlsoSections"), "See Also"))
        title = html.escape(meta.get("title", "Portal"))
        return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title} — Portal</title>"
                f"<meta name='viewport' content='width=device-width'><style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    archive, site = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    data = archive / "data"
    written, linked = set(), {}
    for source in sorted((data / "documentation").rglob("*.json")):
        node = json.loads(source.read_text())
        path = page_path("/" + str(source.relative_to(data).with_suffix("")).lower())
        page = Page(node, path)
        text = page.render()
        target = site / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        written.add(path)
        linked[path] = set(page.links)
    landing = "documentation/portal/index.html"
    if landing not in written:
        sys.exit(f"error: {archive} has no landing page (data/documentation/portal.json)")
    (site / "index.html").write_text(f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Portal</title>"
                                     f"<meta http-equiv='refresh' content='0; url={landing}'></head>"
                                     f"<body><a href='{landing}'>Portal's documentation</a></body></html>\n")
    broken = sorted((page, link) for page, links in linked.items() for link in links if link not in written)
    for page, link in broken[:20]:
        print(f"error: {page} links to {link}, which was not written", file=sys.stderr)
    if broken:
        sys.exit(f"error: {len(broken)} broken link(s)")
    print(f"{len(written)} pages written as plain HTML: open {site / 'index.html'} in a browser")


if __name__ == "__main__":
    main()

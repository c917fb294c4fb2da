/// The catalogue's inline style sheet and search script: inline, so the page
/// needs no other file and works from `file://`.
extension CatalogueRenderer {
    static let style = """

        :root { color-scheme: light dark; --muted: #6b7280; --line: #d1d5db; --accent: #2563eb; }
        body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; }
        header { padding: 1rem 1.5rem 0; }
        #searchbar { padding: .5rem 1.5rem; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: Canvas; z-index: 1; }
        h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
        .version { color: var(--muted); font-weight: normal; }
        #search { width: min(40rem, 100%); font: inherit; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 6px; }
        #search-status { margin: .25rem 0 0; color: var(--muted); font-size: .9rem; }
        .layout { display: flex; align-items: flex-start; }
        nav { width: 16rem; flex: none; padding: 1rem 1.5rem; position: sticky; top: 5rem; max-height: calc(100vh - 6rem); overflow: auto; font-size: .9rem; }
        nav ul { list-style: none; margin: 0 0 1rem; padding: 0; }
        nav h2 { font-size: .8rem; text-transform: uppercase; color: var(--muted); }
        main { flex: 1; min-width: 0; padding: 0 1.5rem 4rem; }
        article { border-top: 1px solid var(--line); padding: .5rem 0 1rem; scroll-margin-top: 6rem; }
        article.event { content-visibility: auto; contain-intrinsic-size: auto 1000px; }
        section { scroll-margin-top: 6rem; }
        tr { scroll-margin-top: 6rem; }
        h3 { margin: .5rem 0 .25rem; }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        .anchor { color: inherit; }
        .meta, .muted, .kind { color: var(--muted); }
        table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .9rem; }
        th, td { text-align: left; vertical-align: top; padding: .25rem .5rem; border-bottom: 1px solid var(--line); }
        th { font-weight: 600; }
        tr.hit td { background: color-mix(in srgb, var(--accent) 12%, transparent); }
        code { font: .85rem ui-monospace, "SF Mono", Menlo, monospace; overflow-wrap: anywhere; }
        pre { overflow: auto; padding: .75rem; border: 1px solid var(--line); border-radius: 6px; }
        .badge { display: inline-block; font-size: .75rem; padding: 0 .4rem; border-radius: 4px; border: 1px solid currentColor; }
        .pii { color: #b45309; } .deprecated { color: #6b7280; }
        .breaking { color: #b91c1c; } .source-breaking { color: #c2410c; } .additive { color: #15803d; } .cosmetic { color: #6b7280; }
        td.rule code, td:first-child code { overflow-wrap: normal; white-space: nowrap; }
        [hidden] { display: none !important; }
        @media (max-width: 50rem) { .layout { display: block; } nav { position: static; width: auto; max-height: none; } }

        """

    static let script = """

        (function () {
          "use strict";
          var input = document.getElementById("search");
          var status = document.getElementById("search-status");
          var none = document.getElementById("no-results");
          var nav = {};
          document.querySelectorAll("#toc li[data-event]").forEach(function (li) { nav[li.getAttribute("data-event")] = li; });

          // Read once: a large contract has hundreds of thousands of rows, and querying
          // and reading attributes on every keystroke cost more than the matching.
          // The rows come from one query of the whole page: a query per event took
          // Chromium 10 s for 20,000 events, the one query 0.1 s.
          function entry(element) {
            return { element: element, text: element.getAttribute("data-search"),
                     hidden: element.hidden, hit: element.classList.contains("hit") };
          }
          var byArticle = new Map();
          var events = Array.prototype.map.call(document.querySelectorAll("article.event"), function (article) {
            var item = entry(article);
            item.nav = nav[article.getAttribute("data-event")] || null;
            item.rows = [];
            byArticle.set(article, item);
            return item;
          });
          document.querySelectorAll("article.event tbody tr[data-search]").forEach(function (row) {
            byArticle.get(row.closest("article.event")).rows.push(entry(row));
          });
          var reference = Array.prototype.map.call(document.querySelectorAll("#fields tr[data-search]"), entry);

          function matches(item, query) { return item.text.indexOf(query) !== -1; }

          // Writes to the page only what changed, so a keystroke restyles only that.
          function show(item, visible) {
            if (item.hidden === !visible) { return; }
            item.hidden = !visible;
            item.element.hidden = !visible;
            if (item.nav) { item.nav.hidden = !visible; }
          }
          function mark(item, hit) {
            if (item.hit === hit) { return; }
            item.hit = hit;
            item.element.classList.toggle("hit", hit);
          }

          // Shows the events whose name, kind or description match, and in the
          // others the fields that match; the reference rows likewise.
          function filter() {
            var query = input.value.trim().toLowerCase();
            var shown = 0;
            events.forEach(function (article) {
              var own = !query || matches(article, query);
              var anyRow = false;
              article.rows.forEach(function (row) {
                var hit = query !== "" && matches(row, query);
                show(row, own || hit);
                mark(row, hit);
                anyRow = anyRow || hit;
              });
              var visible = own || anyRow;
              show(article, visible);
              if (visible) { shown += 1; }
            });
            reference.forEach(function (row) { show(row, query === "" || matches(row, query)); });
            none.hidden = shown !== 0;
            status.textContent = query
              ? shown + " of " + events.length + " events match \\u201c" + input.value.trim() + "\\u201d"
              : events.length + " events";
          }

          input.addEventListener("input", filter);
          // A link to something the search hides clears the search, so the link lands.
          document.addEventListener("click", function (event) {
            var link = event.target.closest("a[href^='#']");
            if (!link) { return; }
            var target = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)));
            if (target && target.closest("[hidden]")) { input.value = ""; filter(); }
          });
        })();

        """
}

"""What a phone's page must be to read whole (issues 23 and 34): the checks the browser tests run in the page.

A phone's text-size setting scales the root font size; ``LARGE_TEXT`` emulates 200% (``html { font-size: 200% }``,
added by the browser, never by the app). ``BROKEN_NUMBERS`` finds a number split over two lines, ``OVERLAPS`` two
texts drawn over each other, ``CLIPPED`` text cut off, ``SMALL_TARGETS`` a control under 44 px (DEVELOPING.md,
"Pages": "every control at least 44 px"); ``AXE`` is axe-core (npm, pinned in package.json).
test_every_page.py runs them on every page of a club evening and a family game."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LARGE_TEXT = "html { font-size: 200% !important; }"


# Every number in the page's text (a signed deal, a total with its group separator), with where it is; a number
# inside an address or a word (127.0.0.1:8000/…, a link's code) breaks like the address.
BROKEN_NUMBERS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.parentElement.checkVisibility()) continue;
    for (const m of node.data.matchAll(/[+\\u2212-]?\\d(?:[\\d.,\\u00a0\\u202f]*\\d)?/g)) {
      const word = node.data.slice(0, m.index).split(/\\s/).pop() + node.data.slice(m.index).split(/\\s/)[0];
      if (/[\\/:=?]|[a-z]/i.test(word)) continue;
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
      if (lines.size > 1) found.push(`${m[0]} (in .${node.parentElement.className})`);
    }
  }
  return found;
}"""

# Pairs of text boxes (one per line of each visible text) that cover one another. A box is the font's whole
# height, taller than a tight line: boxes of two lines count as overlapping when they share over a third of it.
# A bar kept in view while the page scrolls (sticky or fixed) lies over the page by design, and text hidden for
# screen readers only (clipped to nothing) is not drawn: their text is left out.
OVERLAPS = """() => {
  const seen = new Map();
  const overlay = el => {
    if (!el) return false;
    if (!seen.has(el)) { const s = getComputedStyle(el);
      seen.set(el, s.position === 'sticky' || s.position === 'fixed' || (s.position === 'absolute' && s.clip !== 'auto')
                   || overlay(el.parentElement)); }
    return seen.get(el);
  };
  const boxes = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.data.trim() || !node.parentElement.checkVisibility() || overlay(node.parentElement)) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1)
      boxes.push({r, text: node.data.trim().slice(0, 25), node});
  }
  // Sorted by their top, each box is compared only with the boxes that start above its bottom.
  boxes.sort((a, b) => a.r.top - b.r.top);
  const found = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length && boxes[j].r.top < boxes[i].r.bottom; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.node === b.node) continue;
    const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (w > 2 && h > Math.min(a.r.height, b.r.height) / 3) found.push(`"${a.text}" / "${b.text}"`);
  }
  return found;
}"""

# Elements whose text is cut off: wider than their box, with the rest hidden.
CLIPPED = """() => [...document.querySelectorAll('main *')]
  .filter(el => !['INPUT', 'TEXTAREA', 'SELECT', 'svg'].includes(el.tagName) && el.checkVisibility()
                && el.getBoundingClientRect().width > 1
                && el.textContent.trim() && getComputedStyle(el).overflowX !== 'visible'
                && el.scrollWidth > el.clientWidth + 1)
  .map(el => `${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 30)}`)"""

# Controls a finger must hit under 44 px. A link is exempt only inside a sentence (WCAG 2.5.8's inline
# exception): a link that is the whole of its paragraph or list item, or one of a row of links, is a target
# like any button.
SMALL_TARGETS = """() => {
  const targets = new Set();
  for (const el of document.querySelectorAll('a, button, input, select, textarea, summary, [role=button]')) {
    if (el.type === 'hidden') continue;
    if (el.tagName === 'A') {
      const block = el.closest('p, li, td, dd');
      const links = block ? [...block.querySelectorAll('a')].map(a => a.textContent.trim().length) : [];
      if (block && block.textContent.replace(/\\s+/g, ' ').trim().length - links.reduce((x, y) => x + y, 0) > 12) continue;
    }
    if ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) { targets.add(el.closest('label')); continue; }
    targets.add(el);
  }
  return [...targets].filter(el => el.checkVisibility()).map(el => {
      const r = el.getBoundingClientRect();
      return {text: (el.innerText || el.name || el.id || '').trim().slice(0, 30), w: Math.round(r.width), h: Math.round(r.height)};
    }).filter(x => x.w > 0 && (x.w < 44 || x.h < 44));
}"""

# The page made ready to check in one round trip: the large text added (as ``page.add_style_tag`` would), every
# folded part opened so what it holds is checked too, and the fonts loaded at the new size.
PREPARE = """async (css) => {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
  document.querySelectorAll('main details').forEach(d => d.open = true);
  await document.fonts.ready;
}"""

# Every check above, in one round trip (a page is checked twice, at 360 and 320 px, and each trip to the page
# costs as much as a check): what each found, by the name a failure shows, and the page's text.
READ_WHOLE = """() => ({
  found: {
    "sideways scroll": document.documentElement.scrollWidth - document.documentElement.clientWidth,
    "numbers broken over lines": (%s)(),
    "overlapping text": (%s)(),
    "text cut off": (%s)(),
    "targets under 44 px": (%s)(),
  },
  text: document.body.innerText,
})""" % (BROKEN_NUMBERS, OVERLAPS, CLIPPED, SMALL_TARGETS)

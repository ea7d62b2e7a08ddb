// What sticks out of its box on the page shown (test_e2e_languages.py):
// an element with text of its own whose content is wider than the element
// (unless it scrolls or ends in "..."), a control or heading past the
// screen's edge, and a page that scrolls sideways. Evaluated by Playwright:
// the file is one arrow function.
() => {
    const out = [];
    const own = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    for (const el of document.body.querySelectorAll('*')) {
        if (!own(el) || el.closest('svg, [hidden], .visually-hidden, option, script, style')) continue;
        const style = getComputedStyle(el);
        if (style.display === 'inline' || style.display === 'none' || style.visibility === 'hidden') continue;
        if (['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis') continue;
        if (el.clientWidth === 0) continue;
        if (el.scrollWidth > el.clientWidth + 2) {
            out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? '[' + el.dataset.testid + ']' : ''}`
                + ` "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
        }
    }
    // a control or a text cut by the edge of the screen (a header too full)
    const scrolled = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true; } return false; };
    for (const el of document.body.querySelectorAll('button, select, input, a, h1, h2, h3, label')) {
        if (el.closest('svg, [hidden]') || !el.getClientRects().length || scrolled(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.width && (box.right > innerWidth + 1 || box.left < -1 || box.top < -1)) {
            out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? '[' + el.dataset.testid + ']' : ''}`
                + ` goes past the screen's edge: ${Math.round(box.left)}..${Math.round(box.right)}, top ${Math.round(box.top)}`);
        }
    }
    if (document.documentElement.scrollWidth > innerWidth + 1) {
        out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    }
    return out;
}

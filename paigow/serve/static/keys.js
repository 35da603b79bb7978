// The dealer's page by keyboard alone (issue 32): the tile picker's keys and the language menu.
// An ES module; no build step, no CDN.
//
// The picker is one stop in the tab order (a roving tabindex): the arrow keys move among the 21
// tile kinds (left and right by one, up and down by a row), Home and End to the first and last;
// Enter or Space picks the tile under the focus. Two pips typed pick a tile: "4" then "5" (or "5"
// then "4") picks 4-5; Backspace forgets a pip typed, or takes the position's last tile back.

const PIP = /^[1-6]$/;

// the picker's keys: ``picker`` the element holding the .pick buttons; ``typed()`` the pip typed so
// far ("" or "1"-"6") and ``setTyped(s, refused)`` to keep it (the page redraws the picker);
// ``pick(pips)`` picks a tile kind; ``back()`` takes the position's last tile back
export function pickerKeys(picker, { typed, setTyped, pick, back }) {
  const buttons = () => [...picker.querySelectorAll(".pick")];
  const columns = () => getComputedStyle(picker).gridTemplateColumns.split(" ").filter(Boolean).length || 1;
  function move(from, step, list) {
    // the next enabled kind that way (a kind used up is passed over); at an edge the focus stays
    for (let i = from + step; i >= 0 && i < list.length; i += step) if (!list[i].disabled) return list[i];
    return null;
  }
  picker.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const list = buttons(), at = list.indexOf(document.activeElement);
    const go = (b) => { if (!b) return; for (const x of list) x.tabIndex = x === b ? 0 : -1; b.focus(); };
    const k = ev.key;
    if (k === "ArrowRight" || k === "ArrowLeft") go(move(at, k === "ArrowRight" ? 1 : -1, list));
    else if (k === "ArrowDown" || k === "ArrowUp") go(move(at, (k === "ArrowDown" ? 1 : -1) * columns(), list));
    else if (k === "Home") go(move(-1, 1, list));
    else if (k === "End") go(move(list.length, -1, list));
    else if (PIP.test(k)) {
      const first = typed();
      if (!first) { setTyped(k, false); return void ev.preventDefault(); }
      setTyped("", false);
      const pips = [first, k].sort().join("-");
      pick(pips);
    } else if (/^[0-9]$/.test(k)) setTyped(typed(), true);
    else if (k === "Backspace") { if (typed()) setTyped("", false); else back(); }
    else return;
    ev.preventDefault();
  });
}

// the first button of the picker in its tab order: the one of ``pips`` if it can be picked, else
// the first that can
export function pickerStop(picker, pips) {
  const list = [...picker.querySelectorAll(".pick")];
  const stop = list.find((b) => b.dataset.pips === pips && !b.disabled) || list.find((b) => !b.disabled) || null;
  for (const b of list) b.tabIndex = b === stop ? 0 : -1;
  return stop;
}

// A language menu (a <select>) that switches on a choice made, not at each arrow key: a choice
// with the pointer (or in the open list) is taken at once; one moved to with the arrow keys or by
// typing is taken on Enter, or when the menu loses the focus. ``apply(value)`` switches.
export function languageMenu(select, apply) {
  let byKey = false;
  const take = () => { byKey = false; apply(select.value); };
  select.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") { ev.preventDefault(); take(); }
    else if (/^(Arrow|Page|Home$|End$)/.test(ev.key) || ev.key.length === 1) byKey = true;
  });
  select.addEventListener("pointerdown", () => { byKey = false; });
  select.addEventListener("change", () => { if (!byKey) take(); });
  select.addEventListener("blur", () => { if (byKey) take(); });
}

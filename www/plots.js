// The two plots of thesis figures 4.3 and 4.4, drawn on canvas.
//
//   counts: per normalised line the content count T1 above the axis and the code count T2
//           below it (phase 1, thesis 4.3.2 and eq. 4.5);
//   diff:   the smoothed difference diff_i = sum over i-1..=i+1 of (T1 - T2) (eq. 4.2), with
//           the regions above the axis (eq. 4.3) shaded: green when Algorithm 1 chose them.
//
// Both share one view (a range of lines). Dragging across a plot zooms to the dragged lines,
// a click selects a line and shows its source text (`series.source`, from `trace: true`), and
// hovering shows a line's numbers. When there are more lines than pixels, each pixel column
// shows the largest value of the lines it covers, so a single long line is never lost.

const MARGIN = { left: 46, right: 8, top: 8, bottom: 18 };

export class LinePlots {
  constructor({ counts, diff, tooltip, source, from, to, reset, sqrt }) {
    Object.assign(this, { counts, diff, tooltip, source, fromInput: from, toInput: to, sqrt });
    this.result = null;
    this.view = [0, 0];
    this.selected = null;
    for (const canvas of [counts, diff]) this.wireCanvas(canvas);
    const fromInputs = () => this.zoom(Number(from.value), Number(to.value) + 1);
    from.addEventListener('change', fromInputs);
    to.addEventListener('change', fromInputs);
    reset.addEventListener('click', () => this.zoom(0, this.lines));
    sqrt.addEventListener('change', () => this.draw());
    new ResizeObserver(() => this.draw()).observe(counts);
  }

  get lines() {
    return this.result ? this.result.series.t1.length : 0;
  }

  /** Shows a new extraction: whole page, nothing selected. */
  show(result) {
    this.result = result;
    const n = this.lines;
    // region index per line, -1 outside every region
    this.regionOf = new Int32Array(n).fill(-1);
    result.regions.forEach((g, k) => this.regionOf.fill(k, g.start, Math.min(g.end + 1, n)));
    this.selected = null;
    this.source.hidden = true;
    this.zoom(0, n);
  }

  /** Shows lines [from, to). */
  zoom(from, to) {
    const n = this.lines;
    from = Math.max(0, Math.min(Math.floor(from) || 0, n - 1));
    to = Math.max(from + 1, Math.min(Math.floor(to) || n, n));
    this.view = [from, to];
    this.fromInput.value = from;
    this.toInput.value = to - 1;
    this.fromInput.max = this.toInput.max = Math.max(0, n - 1);
    this.draw();
  }

  /** Selects a line (and zooms around it when `reveal` and it is outside the view). */
  select(line, reveal = false) {
    if (!this.result || line < 0 || line >= this.lines) return;
    this.selected = line;
    const [a, b] = this.view;
    if (reveal && (line < a || line >= b)) this.zoom(line - 40, line + 40);
    else this.draw();
    this.showSource(line);
  }

  draw() {
    if (!this.result) return;
    this.drawCounts();
    this.drawDiff();
  }

  // ---- geometry ------------------------------------------------------------------------------

  /** Prepares a canvas for drawing at the device's pixel ratio; returns its context and plot box. */
  prepare(canvas) {
    const ratio = window.devicePixelRatio || 1;
    const w = canvas.clientWidth || 600;
    const h = canvas.clientHeight || 180;
    if (canvas.width !== Math.round(w * ratio) || canvas.height !== Math.round(h * ratio)) {
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.font = '11px system-ui, sans-serif';
    const box = { x: MARGIN.left, y: MARGIN.top, w: w - MARGIN.left - MARGIN.right, h: h - MARGIN.top - MARGIN.bottom };
    return { ctx, box, w, h };
  }

  /** Line shown at canvas x (CSS pixels), or null outside the plot. */
  lineAt(canvas, clientX) {
    const rect = canvas.getBoundingClientRect();
    const x = clientX - rect.left - MARGIN.left;
    const width = rect.width - MARGIN.left - MARGIN.right;
    if (x < 0 || x >= width) return null;
    const [a, b] = this.view;
    return Math.min(b - 1, a + Math.floor((x / width) * (b - a)));
  }

  /** Calls fn(x, lo, hi) for each pixel column of the box with the lines [lo, hi) it shows. */
  columns(box, fn) {
    const [a, b] = this.view;
    const m = b - a;
    const cols = Math.max(1, Math.floor(box.w));
    for (let c = 0; c < cols; c++) {
      const lo = a + Math.floor((c * m) / cols);
      const hi = Math.max(lo + 1, a + Math.floor(((c + 1) * m) / cols));
      fn(box.x + c, lo, Math.min(hi, b));
    }
  }

  xOf(box, line) {
    const [a, b] = this.view;
    return box.x + ((line - a) / (b - a)) * box.w;
  }

  // ---- the plots -----------------------------------------------------------------------------

  drawCounts() {
    const { t1, t2 } = this.result.series;
    const { ctx, box } = this.prepare(this.counts);
    const f = this.sqrt.checked ? Math.sqrt : (v) => v;
    const [a, b] = this.view;
    let max = 1;
    for (let i = a; i < b; i++) max = Math.max(max, t1[i], t2[i]);
    const mid = box.y + box.h / 2;
    const scale = box.h / 2 / f(max);
    this.shadeRegions(ctx, box, false);
    const style = getComputedStyle(document.documentElement);
    this.columns(box, (x, lo, hi) => {
      let up = 0, down = 0;
      for (let i = lo; i < hi; i++) {
        up = Math.max(up, t1[i]);
        down = Math.max(down, t2[i]);
      }
      ctx.fillStyle = style.getPropertyValue('--t1');
      if (up) ctx.fillRect(x, mid - f(up) * scale, 1, f(up) * scale);
      ctx.fillStyle = style.getPropertyValue('--t2');
      if (down) ctx.fillRect(x, mid, 1, f(down) * scale);
    });
    this.axes(ctx, box, mid, `${max}`, `${max}`);
    this.legend(ctx, box, [
      ['T1 content', style.getPropertyValue('--t1')],
      ['T2 code', style.getPropertyValue('--t2')],
    ]);
    this.cursor(ctx, box);
  }

  drawDiff() {
    const { diff } = this.result.series;
    const { ctx, box } = this.prepare(this.diff);
    const [a, b] = this.view;
    let max = 1;
    for (let i = a; i < b; i++) max = Math.max(max, Math.abs(diff[i]));
    const f = this.sqrt.checked ? (v) => Math.sign(v) * Math.sqrt(Math.abs(v)) : (v) => v;
    const mid = box.y + box.h / 2;
    const scale = box.h / 2 / f(max);
    this.shadeRegions(ctx, box, true);
    const style = getComputedStyle(document.documentElement);
    this.columns(box, (x, lo, hi) => {
      let hiV = 0, loV = 0;
      for (let i = lo; i < hi; i++) {
        hiV = Math.max(hiV, diff[i]);
        loV = Math.min(loV, diff[i]);
      }
      ctx.fillStyle = style.getPropertyValue('--pos');
      if (hiV > 0) ctx.fillRect(x, mid - f(hiV) * scale, 1, f(hiV) * scale);
      ctx.fillStyle = style.getPropertyValue('--neg');
      if (loV < 0) ctx.fillRect(x, mid, 1, -f(loV) * scale);
    });
    this.axes(ctx, box, mid, `${max}`, `−${max}`);
    this.legend(ctx, box, [
      ['diff > 0', style.getPropertyValue('--pos')],
      ['diff < 0', style.getPropertyValue('--neg')],
      ['chosen region', 'rgba(46,133,64,0.35)'],
      ['other region', 'rgba(120,120,120,0.3)'],
    ]);
    this.cursor(ctx, box);
  }

  /** Shades every region in view; on the diff plot non-chosen regions too. */
  shadeRegions(ctx, box, all) {
    const style = getComputedStyle(document.documentElement);
    const [a, b] = this.view;
    for (const g of this.result.regions) {
      if (g.end < a || g.start >= b || (!g.chosen && !all)) continue;
      const x0 = this.xOf(box, Math.max(g.start, a));
      const x1 = this.xOf(box, Math.min(g.end + 1, b));
      ctx.fillStyle = style.getPropertyValue(g.chosen ? '--chosen' : '--region');
      ctx.fillRect(x0, box.y, Math.max(1, x1 - x0), box.h);
    }
  }

  axes(ctx, box, mid, top, bottom) {
    const [a, b] = this.view;
    ctx.strokeStyle = '#999';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(box.x, mid + 0.5);
    ctx.lineTo(box.x + box.w, mid + 0.5);
    ctx.moveTo(box.x - 0.5, box.y);
    ctx.lineTo(box.x - 0.5, box.y + box.h);
    ctx.stroke();
    ctx.fillStyle = '#555';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'top';
    ctx.fillText(top, box.x - 4, box.y);
    ctx.textBaseline = 'middle';
    ctx.fillText('0', box.x - 4, mid);
    ctx.textBaseline = 'bottom';
    ctx.fillText(bottom, box.x - 4, box.y + box.h);
    // line numbers along the bottom, at a round step
    const step = niceStep((b - a) / Math.max(2, box.w / 80));
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let line = Math.ceil(a / step) * step; line < b; line += step) {
      const x = this.xOf(box, line + 0.5);
      ctx.fillRect(x, box.y + box.h, 1, 3);
      ctx.fillText(String(line), x, box.y + box.h + 4);
    }
  }

  legend(ctx, box, items) {
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    let x = box.x + box.w;
    for (const [label, color] of items.reverse()) {
      const w = ctx.measureText(label).width;
      x -= w + 24;
      ctx.fillStyle = color;
      ctx.fillRect(x, box.y + 3, 9, 9);
      ctx.fillStyle = '#333';
      ctx.fillText(label, x + 12, box.y + 1);
    }
  }

  cursor(ctx, box) {
    const line = this.selected;
    const [a, b] = this.view;
    if (line !== null && line >= a && line < b) {
      ctx.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--cursor');
      const x0 = this.xOf(box, line);
      ctx.fillRect(x0, box.y, Math.max(1, this.xOf(box, line + 1) - x0), box.h);
    }
    if (this.drag && this.drag.x1 !== undefined) {
      ctx.fillStyle = 'rgba(138, 43, 226, 0.15)';
      const l = Math.min(this.drag.x0, this.drag.x1);
      ctx.fillRect(l, box.y, Math.abs(this.drag.x1 - this.drag.x0), box.h);
    }
  }

  // ---- interaction ---------------------------------------------------------------------------

  wireCanvas(canvas) {
    const localX = (e) => e.clientX - canvas.getBoundingClientRect().left;
    canvas.addEventListener('mousedown', (e) => {
      if (!this.result) return;
      this.drag = { canvas, x0: localX(e), line0: this.lineAt(canvas, e.clientX) };
    });
    canvas.addEventListener('mousemove', (e) => {
      if (!this.result) return;
      if (this.drag?.canvas === canvas) {
        this.drag.x1 = localX(e);
        this.draw();
      }
      this.hover(canvas, e);
    });
    canvas.addEventListener('mouseleave', () => {
      this.tooltip.hidden = true;
    });
    window.addEventListener('mouseup', (e) => {
      const drag = this.drag;
      if (!drag || drag.canvas !== canvas) return;
      this.drag = null;
      const line1 = this.lineAt(canvas, e.clientX);
      if (drag.x1 !== undefined && Math.abs(drag.x1 - drag.x0) > 4 && drag.line0 !== null && line1 !== null) {
        this.zoom(Math.min(drag.line0, line1), Math.max(drag.line0, line1) + 1);
      } else if (line1 !== null) {
        this.select(line1);
      } else {
        this.draw();
      }
    });
    canvas.addEventListener('dblclick', () => this.zoom(0, this.lines));
  }

  hover(canvas, e) {
    const line = this.lineAt(canvas, e.clientX);
    if (line === null) {
      this.tooltip.hidden = true;
      return;
    }
    const { t1, t2, diff, source } = this.result.series;
    const k = this.regionOf[line];
    const g = k >= 0 ? this.result.regions[k] : null;
    let text = `line ${line}   T1 ${t1[line]}   T2 ${t2[line]}   diff ${diff[line]}`;
    if (g) text += `\nregion ${g.start}–${g.end}, ${g.chars} characters${g.chosen ? ', chosen' : ''}`;
    const src = source[line];
    if (src !== undefined) text += `\n${src.length > 300 ? src.slice(0, 300) + '…' : src}`;
    this.tooltip.textContent = text;
    this.tooltip.hidden = false;
    const x = Math.min(e.clientX + 14, window.innerWidth - this.tooltip.offsetWidth - 8);
    this.tooltip.style.left = `${Math.max(4, x)}px`;
    this.tooltip.style.top = `${e.clientY + 16}px`;
  }

  /** The selected line's source text with three lines either side. */
  showSource(line) {
    const { source } = this.result.series;
    const panel = this.source;
    panel.replaceChildren();
    if (!source.length) {
      panel.textContent = 'No source text: extract with trace: true to see each line.';
      panel.hidden = false;
      return;
    }
    const blocks = this.result.blocks.filter((bl) => bl.line === line).map((bl) => bl.kind);
    const head = document.createElement('div');
    head.textContent = `line ${line}${blocks.length ? ` starts block(s): ${blocks.join(', ')}` : ''}`;
    head.style.fontWeight = 'bold';
    panel.append(head);
    for (let i = Math.max(0, line - 3); i <= Math.min(this.lines - 1, line + 3); i++) {
      const div = document.createElement('div');
      const n = document.createElement('span');
      n.className = 'n';
      n.textContent = i;
      div.append(n, document.createTextNode(source[i]));
      const k = this.regionOf[i];
      if (i === line) div.classList.add('current');
      if (k >= 0 && this.result.regions[k].chosen) div.classList.add('chosen');
      panel.append(div);
    }
    panel.hidden = false;
  }
}

/** The smallest of 1, 2, 5, 10, 20, 50, … that is at least `raw`. */
function niceStep(raw) {
  if (raw <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((k) => k * p).find((v) => v >= raw);
}

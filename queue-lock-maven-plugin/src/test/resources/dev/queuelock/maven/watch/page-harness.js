// Runs the watch page's script in Node with the least of a DOM it uses, on a clock the test moves.
// Usage: node page-harness.js <script.js> <startMillis> <lastEventMillis> <ids>; prints what the page shows as JSON, once
// loaded and again after the clock moved 5 s and the page's own timer fired.
const fs = require('fs');
const script = fs.readFileSync(process.argv[2], 'utf8');
let now = Number(process.argv[3]);
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...args) { super(...(args.length ? args : [now])); }
  static now() { return now; }
};
const timers = [];
globalThis.setInterval = (fn) => { timers.push(fn); return timers.length; };

class Element {
  constructor(tag) { this.tag = tag; this.children = []; this.attributes = {}; this.dataset = {}; this.style = {}; this.className = ''; this.textContent = ''; }
  append(...children) { this.children.push(...children); }
  prepend(...children) { this.children.unshift(...children); }
  replaceChildren(...children) { this.children = children; }
  setAttribute(name, value) { this.attributes[name] = String(value); }
}
const byId = {};
// The ids the page's HTML has (comma-separated, read from the page by the test).
process.argv[5].split(',').filter(id => id).forEach(id => { byId[id] = new Element('div'); });
const bodies = { build: new Element('div'), land: new Element('div') };
globalThis.document = {
  body: new Element('body'),
  getElementById: id => byId[id],
  querySelector: selector => bodies[selector.match(/^#(\w+) \.body$/)[1]],
  createElement: tag => new Element(tag),
  createElementNS: (ns, tag) => new Element(tag),
};
globalThis.EventSource = class { constructor() {} };

function shown() {
  const svg = byId.timeline.children;
  return {
    clock: byId.clock.textContent,
    lastEvent: byId.lastEvent ? byId.lastEvent.textContent : null,
    problem: byId.problem ? byId.problem.textContent : null,
    rows: svg.filter(e => e.tag === 'text' && e.attributes.x === '4').map(e => e.textContent),
    bars: svg.filter(e => e.tag === 'rect').map(e => e.attributes.y + ' ' + e.attributes.class),
    land: bodies.land.children.map(e => e.className + ': ' + e.textContent),
  };
}
function time(millis) { return new RealDate(millis).toLocaleTimeString(); }

(0, eval)(script);
const loaded = shown();
now += 5000;
timers.forEach(fn => fn());
console.log(JSON.stringify({ loaded, later: shown(), expected: { loaded: time(Number(process.argv[3])), later: time(now), lastEvent: time(Number(process.argv[4])) } }));

// A date as the calendar day the page gives, in the article's language: shared by the service
// worker, which formats the header's dates (background.js `article`), and the reader's header,
// which formats them itself only when the worker did not (header.js).
//
// Why in the worker: the first date formatted in a process loads the locale and time-zone data,
// 17–55 ms in a page's renderer on the 2-core test machine (docs/PERFORMANCE.md, "Click to
// reader"), paid again by every renderer that opens the reader; the worker pays it once, when
// it starts.

// One formatter per language, kept: building one costs far more than using it.
const formatters = new Map();
const OPTIONS = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };

function formatter(lang) {
  const key = lang || '';
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(lang || undefined, OPTIONS);
    } catch (_) {
      f = new Intl.DateTimeFormat(undefined, OPTIONS);
    }
    formatters.set(key, f);
  }
  return f;
}

// "2024-12-27" or "2024-12-27T23:30:00-08:00" -> that calendar day in `lang` (its calendar and
// digits, as Intl has them: Solar Hijri for Persian), never shifted by the reader's time zone;
// '' when `iso` does not begin with a day.
export function formatDay(iso, lang) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || '');
  if (!m) return '';
  return formatter(lang).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

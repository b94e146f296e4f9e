// The reader view's styles for the kinds of block beyond paragraphs (issue 13), kept apart
// from reader.js's own stylesheet so that each kind's look is found in one place. Colours are
// the reader's theme variables (reader.js), so every theme and forced colours apply.

export const KINDS_CSS = `
/* Tables scroll sideways (and down, when taller than the screen) inside the column instead of
   widening it, and their header row stays in view while they scroll. */
table { display: block; width: max-content; max-width: 100%; max-height: 85vh; overflow: auto; border-collapse: collapse;
  margin: 0 0 1em; font-size: .85em; line-height: 1.4; }
caption { caption-side: top; text-align: start; color: var(--muted); padding: 0 0 .4em; }
th, td { border: 1px solid var(--rule); padding: .35em .6em; vertical-align: top; text-align: start; }
thead th { position: sticky; top: 0; background: var(--bar); }
tbody th { font-weight: 600; }
/* Code keeps its lines as written: a monospace box that scrolls sideways instead of wrapping
   them (a wrapped line of code reads as two). */
pre { white-space: pre; overflow-x: auto; tab-size: 4; }
pre code { font-size: inherit; }
/* Definition lists: the term bold, its definitions indented under it. */
dl { margin: 0 0 1em; }
dt { font-weight: 600; margin-top: .6em; }
dd { margin: 0 0 .4em 1.5em; }
/* A thread's post: its header (author, date) above its blocks, a rule between posts. The
   engine's articles are children of the reader's .body (reader.js renderBody), not of an
   article: "article > article" matched nothing there. The first post draws no rule of its
   own: the reader's header above it ends with one, and the opening post's header, when it
   repeats the byline, is shown there instead (ex.headerBlocks), which left two rules with
   nothing between them. */
.body > article { border-top: 1px solid var(--rule); padding-top: .6em; margin-top: 1.2em; }
.body > article:first-child { border-top: 0; padding-top: 0; margin-top: 0; }
.body > article > header { color: var(--muted); font-size: .9em; margin-bottom: .4em; }
.body > article > header cite { font-style: normal; font-weight: 600; color: var(--fg); }
/* A footnote's reference and its way back: a target the reader jumps to stays in view below
   the toolbar. */
[id^="dana-ref-"] { scroll-margin-top: 4em; }
/* An embed (a video, a player, a post) is a card: one link to its source, never a frame. What
   it is is said before the title (generated text, so read-aloud and the block's text are the
   title alone). */
p[data-embed] { border: 1px solid var(--rule); border-radius: .4em; padding: .6em .8em; background: var(--bar); }
p[data-embed]::before { display: block; font-size: .8em; color: var(--muted); }
p[data-embed="video"]::before { content: "Video"; }
p[data-embed="audio"]::before { content: "Audio"; }
p[data-embed="post"]::before { content: "Post"; }
p[data-embed="frame"]::before { content: "Embedded page"; }
/* Math (MathML Core, drawn by the browser): a display formula centred on a line of its own,
   scrolling sideways when it is wider than the column rather than widening it. */
math { font-size: 1.1em; }
p[data-math] { text-align: center; overflow-x: auto; overflow-y: hidden; padding: .2em 0; }
p[data-math] > math { display: inline-block; text-align: initial; }
`;
